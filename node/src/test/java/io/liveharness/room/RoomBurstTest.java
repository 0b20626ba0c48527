package io.liveharness.room;

import io.liveharness.api.Addresses;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeKind;
import io.liveharness.api.OutcomeReason;
import io.liveharness.api.ViewerMessage;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.RoomsConfig;
import io.liveharness.node.Node;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A burst into one busy room, with the real router and model: the policy decides, and nothing is lost. */
class RoomBurstTest {

    private static NodeConfig burstConfig(int queueCapacity) {
        NodeConfig c = TestNodes.config();
        RoomsConfig r = c.rooms();
        return TestNodes.withRooms(c, r.withQueueCapacity(queueCapacity).withStaleAfterMs(10_000L));
    }

    @Test
    void burstOfTwentyQuestionsGivesOneOutcomeEach() throws Exception {
        try (Node node = TestNodes.start(burstConfig(8))) {
            List<MessageOutcome> outcomes = new CopyOnWriteArrayList<>();
            node.vertx().eventBus().<MessageOutcome>consumer(Addresses.outcome("dress-room"), m -> outcomes.add(m.body()))
                    .completion().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            long now = System.currentTimeMillis();
            String[] texts = {
                    "这条裙子有M码吗",        // 1: starts at once, keeps the avatar busy
                    "哈哈哈主播好漂亮",        // 2 chitchat
                    "主播好呀晚上好",          // 3 chitchat
                    "这条裙子有M码吗?",       // 4 duplicate of 1 (being answered)
                    "面料是什么材质的",        // 5 product
                    "面料是什么材质的呀",      // 6 duplicate of 5
                    "加V看福利 vx88888",       // 7 spam
                    "今天天气真好哈哈",         // 8 chitchat
                    "黑色还有货吗",            // 9 product
                    "主播唱首歌吧哈哈",         // 10 chitchat
                    "主播几点下播呀",          // 11 chitchat
                    "裙子会不会透",            // 12 product
                    "哈哈哈哈哈哈",            // 13 chitchat
                    "L码腰围多少",             // 14 product
                    "主播辛苦了",              // 15 chitchat
                    "多少钱一件",              // 16 product
                    "大家晚上好",              // 17 chitchat
                    "蓝色的有吗",              // 18 product
                    "主播好可爱啊",            // 19 chitchat
                    "多少钱一件呀"};           // 20 duplicate of 16
            // All at once, as a burst arrives: the first keeps the avatar busy while the rest queue.
            List<io.vertx.core.Future<Void>> delivered = new java.util.ArrayList<>();
            for (int i = 0; i < texts.length; i++) {
                delivered.add(node.rooms().deliver("dress-room",
                        new ViewerMessage("dress-room", "b" + (i + 1), "v" + (i + 1), texts[i], now + i)));
            }
            io.vertx.core.Future.all(delivered).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (outcomes.size() < texts.length && System.nanoTime() < until) Thread.sleep(20);
            Thread.sleep(200); // a second outcome for any message would arrive in this time

            Map<String, List<MessageOutcome>> byId = outcomes.stream().collect(Collectors.groupingBy(MessageOutcome::messageId));
            assertEquals(texts.length, byId.size(), "every message has an outcome: " + byId.keySet());
            byId.forEach((id, list) -> assertEquals(1, list.size(), id + " has one outcome, not " + list));
            Map<String, MessageOutcome> o = new ConcurrentHashMap<>();
            byId.forEach((id, list) -> o.put(id, list.getFirst()));

            assertEquals(OutcomeKind.MERGED, o.get("b4").kind(), o.get("b4").toString());
            assertEquals("b1", o.get("b4").mergedInto());
            assertEquals(OutcomeKind.MERGED, o.get("b6").kind(), o.get("b6").toString());
            assertEquals("b5", o.get("b6").mergedInto());
            assertEquals(o.get("b5").replyText(), o.get("b6").replyText(), "a merged message carries the answer it shared");
            assertEquals(OutcomeKind.DROPPED, o.get("b7").kind());
            assertEquals(OutcomeReason.SPAM, o.get("b7").reason());

            // The queue's drops; a product question the engine sheds (answered, reason overload) still gets its fallback.
            List<MessageOutcome> overload = outcomes.stream()
                    .filter(x -> x.kind() == OutcomeKind.DROPPED && x.reason() == OutcomeReason.OVERLOAD).toList();
            assertTrue(!overload.isEmpty(), "a queue of 8 under this burst drops something: " + outcomes);
            assertTrue(overload.stream().allMatch(x -> x.intent().equals("chitchat")), "only chitchat is shed: " + overload);

            List<MessageOutcome> answered = outcomes.stream().filter(x -> x.kind() == OutcomeKind.ANSWERED)
                    .filter(x -> !x.messageId().equals("b1")).toList();
            int lastProduct = -1;
            int firstChitchat = Integer.MAX_VALUE;
            for (int i = 0; i < answered.size(); i++) {
                if (answered.get(i).intent().equals("product_qa")) lastProduct = i;
                if (answered.get(i).intent().equals("chitchat")) firstChitchat = Math.min(firstChitchat, i);
            }
            assertTrue(lastProduct >= 0, "product questions were answered: " + answered);
            assertTrue(lastProduct < firstChitchat, "product questions go before chitchat: "
                    + answered.stream().map(x -> x.messageId() + ":" + x.intent()).toList());
        }
    }

    @Test
    void messagesOlderThanTheStalenessLimitAreDroppedAsStale() throws Exception {
        try (Node node = TestNodes.start(burstConfig(16))) {
            List<MessageOutcome> outcomes = new CopyOnWriteArrayList<>();
            node.vertx().eventBus().<MessageOutcome>consumer(Addresses.outcome("snack-room"), m -> outcomes.add(m.body()))
                    .completion().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            long longAgo = System.currentTimeMillis() - 60_000;
            node.rooms().deliver("snack-room", new ViewerMessage("snack-room", "old", "v", "坚果保质期多久", longAgo))
                    .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            node.rooms().deliver("snack-room", new ViewerMessage("snack-room", "new", "w", "发什么快递", System.currentTimeMillis()))
                    .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (outcomes.size() < 2 && System.nanoTime() < until) Thread.sleep(20);
            MessageOutcome old = outcomes.stream().filter(x -> x.messageId().equals("old")).findFirst().orElseThrow();
            assertEquals(OutcomeKind.DROPPED, old.kind());
            assertEquals(OutcomeReason.STALE, old.reason());
            assertTrue(old.detail().contains("10000"), old.detail());
            assertEquals(OutcomeKind.ANSWERED, outcomes.stream().filter(x -> x.messageId().equals("new")).findFirst().orElseThrow().kind());
        }
    }
}
