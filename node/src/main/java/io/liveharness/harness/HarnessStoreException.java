package io.liveharness.harness;

import java.util.List;

/**
 * The store could not take or give a version (a disk full, a folder not writable): the node's
 * trouble, not the harness's. Its problems quote the store's paths and the cause, so it goes to
 * the operator's log, not to a publisher over HTTP.
 */
public final class HarnessStoreException extends HarnessException {
    public HarnessStoreException(List<String> problems) { super(problems); }
}
