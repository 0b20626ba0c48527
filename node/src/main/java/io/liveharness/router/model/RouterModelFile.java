package io.liveharness.router.model;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.router.RouterModelException;
import io.liveharness.router.features.FeatureConfig;
import org.tribuo.Model;
import org.tribuo.classification.Label;
import org.tribuo.protos.core.ModelProto;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The router model file: a magic, a small JSON header (featurizer config, provenance: the training
 * data and, when known, the SHA-256 of each data file it was made from) and the
 * gzipped Tribuo protobuf of the model. The header travels with the weights so a model can never
 * be fed features made differently from the ones it was trained on.
 */
public final class RouterModelFile {
    private static final byte[] MAGIC = "LHROUTER".getBytes(StandardCharsets.US_ASCII);
    private static final int FORMAT = 1;
    private static final ObjectMapper JSON = Json.MAPPER;

    public record Contents(ModelHeader header, Model<Label> model) { }

    public static void write(Path file, ModelHeader header, Model<Label> model) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.write(MAGIC);
            out.writeInt(FORMAT);
            ObjectNode h = JSON.createObjectNode().put("features", header.features().format()).put("trainedOn", header.trainedOn());
            if (!header.data().isEmpty()) header.data().forEach(h.putObject("data")::put);
            byte[] json = JSON.writeValueAsBytes(h);
            out.writeInt(json.length);
            out.write(json);
            try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
                model.serialize().writeTo(gz);
            }
        }
        if (file.toAbsolutePath().getParent() != null) Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, bytes.toByteArray());
    }

    /** Reads a model file; every failure becomes a {@link RouterModelException} naming the file. */
    @SuppressWarnings("unchecked")
    public static Contents read(Path file) {
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new RouterModelException(file, "does not exist (train one with './liveharness router train' or point router.modelPath at one)", e);
        } catch (IOException e) {
            throw new RouterModelException(file, "cannot be read: " + e, e);
        }
        if (all.length < MAGIC.length + 8 || !Arrays.equals(all, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new RouterModelException(file, "is not a router model (no LHROUTER header); corrupt or the wrong file", null);
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(all, MAGIC.length, all.length - MAGIC.length))) {
            int format = in.readInt();
            if (format != FORMAT) throw new RouterModelException(file, "has format " + format + ", this build reads " + FORMAT, null);
            int headerLength = in.readInt();
            if (headerLength <= 0 || headerLength > in.available()) throw new IOException("header length " + headerLength + " out of range");
            byte[] json = in.readNBytes(headerLength);
            JsonNode h = JSON.readTree(json);
            Map<String, String> data = new LinkedHashMap<>();
            h.path("data").properties().forEach(e -> data.put(e.getKey(), e.getValue().asText()));
            ModelHeader header = new ModelHeader(FeatureConfig.parse(h.get("features").asText()), h.path("trainedOn").asText(""), data);
            Model<?> model;
            try (InputStream gz = new GZIPInputStream(in)) {
                model = Model.deserialize(ModelProto.parseFrom(gz));
            }
            if (!model.validate(Label.class)) throw new IOException("holds a " + model.getClass().getSimpleName() + " that does not predict labels");
            return new Contents(header, (Model<Label>) model);
        } catch (RouterModelException e) {
            throw e;
        } catch (Exception e) {
            throw new RouterModelException(file, "is corrupt: " + e, e);
        }
    }

    private RouterModelFile() { }
}
