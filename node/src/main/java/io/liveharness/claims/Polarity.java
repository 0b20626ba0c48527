package io.liveharness.claims;

/** Whether a reply says a thing is so ("有紫色") or is not ("没有紫色", "no purple"). */
public enum Polarity { AFFIRMED, DENIED }
