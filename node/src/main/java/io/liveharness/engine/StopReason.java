package io.liveharness.engine;

/** Why a generation ended. */
public enum StopReason { END_OF_TEXT, MAX_TOKENS, DEADLINE, CANCELLED }
