package io.liveharness.cli;

/** What a command's exit code means, for a script or a pipeline (docs/cli.md has the table). */
final class ExitCodes {
    /** Done as asked. */
    static final int OK = 0;
    /** The command ran and its check failed: an SLO missed, a harness with problems, a promotion refused, messages lost. */
    static final int FAILED = 1;
    /** Bad usage: an unknown command or option, a missing or malformed argument. */
    static final int USAGE = 2;
    /** A configuration or input file that cannot be used; the message names file and line. */
    static final int BAD_INPUT = 3;
    /** An error no check foresaw; its stack trace is printed. */
    static final int UNEXPECTED = 4;

    private ExitCodes() { }
}
