package io.liveharness.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.MustacheFactory;
import io.liveharness.config.Json;
import io.liveharness.ops.OperatorApi;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The tools' HTML reports: markup in {@code reports/NAME.mustache} on the classpath, filled from a
 * scope (records, maps); values are HTML-escaped unless a template takes them as {@code {{{raw}}}}.
 * A report with charts inlines uPlot's script and style, so it opens offline, from any folder.
 */
public final class HtmlReport {
    private static final MustacheFactory TEMPLATES = new DefaultMustacheFactory("reports");
    private static final String CHART_LIBRARY = OperatorApi.CHART_LIBRARY + "/";

    public static String render(String template, Object scope) {
        StringWriter out = new StringWriter();
        TEMPLATES.compile(template + ".mustache").execute(out, scope);
        return out.toString();
    }

    /** uPlot's minified script, to put inside a report's {@code <script>}. */
    public static String chartScript() { return resource(CHART_LIBRARY + "uPlot.iife.min.js"); }

    /** uPlot's style, to put inside a report's {@code <style>}. */
    public static String chartStyle() { return resource(CHART_LIBRARY + "uPlot.min.css"); }

    /** {@code value} as JSON that is safe inside a {@code <script>} element (no {@code </script>} can close it). */
    public static String scriptJson(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value).replace("</", "<\\/");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write report data as JSON: " + e.getMessage(), e);
        }
    }

    private static String resource(String path) {
        try (InputStream in = HtmlReport.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException(path + " is not on the classpath (the org.webjars.npm:uplot jar)");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    private HtmlReport() { }
}
