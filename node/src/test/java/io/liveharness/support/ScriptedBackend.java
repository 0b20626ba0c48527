package io.liveharness.support;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.ModelInfo;
import io.liveharness.engine.StopReason;
import io.liveharness.engine.TokenSink;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A model backend that says exactly what a test scripts, streamed piece by piece on a thread of its
 * own as a real backend streams tokens, so a test can put markup across pieces, pause between
 * them, or hold a generation until it has done something. Honours cancellation (the next piece is
 * not sent) and the request's deadline. For tests of what the pipeline and the room do with a
 * model's output; tests of the engine use a real GGUF.
 */
public final class ScriptedBackend implements ModelBackend {

    /** One generation: its pieces, each sent after its pause or once its latch is open. */
    public record Generation(List<Piece> pieces) {
        public String text() { return String.join("", pieces.stream().map(Piece::text).toList()); }
    }

    public record Piece(String text, long pauseMs, CountDownLatch after) { }

    /** A generation of these pieces, one after the other with no pause. */
    public static Generation pieces(String... texts) {
        List<Piece> out = new ArrayList<>();
        for (String t : texts) out.add(new Piece(t, 0, null));
        return new Generation(out);
    }

    /** Builds a generation piece by piece. */
    public static final class Script {
        private final List<Piece> pieces = new ArrayList<>();

        public Script say(String... texts) {
            for (String t : texts) pieces.add(new Piece(t, 0, null));
            return this;
        }

        /** The next piece waits until {@code latch} opens (a test's signal). */
        public Script thenWaitFor(CountDownLatch latch) {
            pieces.add(new Piece("", 0, latch));
            return this;
        }

        public Script pause(long ms) {
            pieces.add(new Piece("", ms, null));
            return this;
        }

        public Generation build() { return new Generation(List.copyOf(pieces)); }
    }

    /** A call as the backend saw it: when it started and the messages it was given. */
    public record Call(long startedAtMs, CompletionRequest request) {
        public String lastUserText() {
            List<ChatMessage> m = request.messages();
            for (int i = m.size() - 1; i >= 0; i--) if (m.get(i).role().equals("user")) return m.get(i).content();
            return "";
        }

        public boolean afterTool() { return request.messages().getLast().role().equals("tool"); }
    }

    private final Function<Call, Generation> script;
    private final List<Call> calls = new CopyOnWriteArrayList<>();

    public ScriptedBackend(Function<Call, Generation> script) { this.script = script; }

    public List<Call> calls() { return List.copyOf(calls); }

    @Override
    public ModelInfo info() { return new ModelInfo("scripted", "scripted", 0, 0, "none", true); }

    @Override
    public CompletableFuture<Completion> complete(CompletionRequest request, TokenSink sink) {
        Call call = new Call(System.currentTimeMillis(), request);
        calls.add(call);
        Generation g = script.apply(call);
        CompletableFuture<Completion> done = new CompletableFuture<>();
        Thread.ofVirtual().name("scripted-backend").start(() -> {
            long started = System.nanoTime();
            StringBuilder said = new StringBuilder();
            int n = 0;
            try {
                for (Piece p : g.pieces()) {
                    if (p.after() != null) while (!p.after().await(10, TimeUnit.MILLISECONDS)) if (done.isDone()) return;
                    if (p.pauseMs() > 0) Thread.sleep(p.pauseMs());
                    if (done.isDone()) return; // cancelled: nothing more is sent
                    if (System.nanoTime() > request.deadlineNanos()) {
                        done.complete(new Completion(said.toString(), 0, n, StopReason.DEADLINE, 0, System.nanoTime() - started));
                        return;
                    }
                    if (p.text().isEmpty()) continue;
                    sink.onPiece(p.text());
                    said.append(p.text());
                    n++;
                }
                done.complete(new Completion(said.toString(), 0, n, StopReason.END_OF_TEXT, 0, System.nanoTime() - started));
            } catch (InterruptedException e) {
                done.completeExceptionally(e);
            }
        });
        return done;
    }

    @Override
    public void close() { }
}
