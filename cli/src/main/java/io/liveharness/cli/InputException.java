package io.liveharness.cli;

/** An input file (a conf, a scenario, a plan) that cannot be used: the message starts with file and line. */
final class InputException extends RuntimeException {
    InputException(String message) { super(message); }
}
