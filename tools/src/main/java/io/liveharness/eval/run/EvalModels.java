package io.liveharness.eval.run;

import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.EngineConfig;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.ModelBackends;
import io.liveharness.engine.remote.RemoteBackend;
import io.liveharness.engine.remote.RemoteOptions;
import io.liveharness.router.Intent;
import io.liveharness.router.IntentClassifier;
import io.liveharness.router.RouterOptions;
import io.liveharness.router.TribuoIntentClassifier;

import java.nio.file.Path;

/** The model and router a run uses: conf's engine, or a GGUF, or an OpenAI-compatible URL instead. */
public final class EvalModels {

    /**
     * @param gguf      a GGUF for the llamacpp backend instead of conf's {@code engine.model}, or null
     * @param remoteUrl an OpenAI-compatible base URL for the remote backend, or null
     */
    public static EngineConfig engine(NodeConfig config, String gguf, String remoteUrl, String remoteModel, String apiKey) {
        EngineConfig e = config.engine();
        if (remoteUrl != null) {
            return e.withModel(ModelBackends.REMOTE, e.model(), remoteUrl, remoteModel != null ? remoteModel : e.remoteModel(),
                    apiKey != null ? apiKey : e.remoteApiKey());
        }
        if (gguf != null) {
            return e.withModel(ModelBackends.LLAMACPP, gguf, e.remoteUrl(), e.remoteModel(), e.remoteApiKey());
        }
        return e;
    }

    public static ModelBackend open(EngineConfig engine) { return ModelBackends.open(engine); }

    /** The judge: always the remote backend, a model other than the one judged. */
    public static ModelBackend judge(String url, String model, String apiKey, long timeoutMs) {
        RemoteOptions o = RemoteOptions.of(url, model).withTimeoutMs(timeoutMs);
        return RemoteBackend.open(apiKey == null ? o : o.withApiKey(apiKey));
    }

    public static IntentClassifier router(NodeConfig config) {
        var r = config.router();
        return TribuoIntentClassifier.load(new RouterOptions(Path.of(r.model()), r.minConfidence(), Intent.fromLabel(r.lowConfidenceIntent())));
    }

    private EvalModels() { }
}
