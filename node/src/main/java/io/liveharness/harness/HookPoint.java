package io.liveharness.harness;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The lifecycle points of one request where a harness's hooks run, with their names in harness.yaml. */
public enum HookPoint {
    /** The viewer's message, before anything is generated. Subject: the message text. */
    INPUT("input"),
    /** A tool call the model asked for, before it runs. Subject: the arguments JSON. */
    PRE_TOOL("pre-tool"),
    /** A tool's result, before the model sees it. Subject: the result JSON. */
    POST_TOOL("post-tool"),
    /** The text a viewer would hear, before it is broadcast. Subject: the reply. */
    OUTPUT("output"),
    /** The agent wants to stop with a final answer. Subject: the reply. */
    STOP("stop");

    private final String yamlName;

    HookPoint(String yamlName) { this.yamlName = yamlName; }

    public String yamlName() { return yamlName; }

    /** The point named {@code name} in harness.yaml; the exception lists the valid names. */
    public static HookPoint fromYaml(String name) {
        for (HookPoint p : values()) {
            if (p.yamlName.equals(name)) return p;
        }
        throw new IllegalArgumentException("unknown hook point '" + name + "'; known: "
                + Arrays.stream(values()).map(HookPoint::yamlName).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() { return yamlName; }
}
