package io.liveharness.harness;

import java.util.List;

/** A harness that cannot be used; carries every problem found, each starting with file:line. */
public class HarnessException extends RuntimeException {
    private final List<String> problems;

    public HarnessException(List<String> problems) {
        super(String.join("\n", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() { return problems; }
}
