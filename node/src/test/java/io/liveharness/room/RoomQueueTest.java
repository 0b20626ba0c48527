package io.liveharness.room;

import io.liveharness.api.ViewerMessage;
import io.liveharness.router.Classification;
import io.liveharness.router.Intent;
import io.liveharness.router.question.Ask;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RoomQueueTest {
    private final List<String> dropped = new ArrayList<>();
    private final RoomQueue queue = new RoomQueue(3, 10_000, 0.6, 2, (m, c, reason) -> dropped.add(m.messageId() + ":" + reason));

    private static ViewerMessage msg(String id, String text, long at) { return new ViewerMessage("r", id, "u-" + id, text, at); }

    private static Classification is(Intent i) { return new Classification(i, 0.9); }

    @Test
    void productQuestionsGoBeforeChitchatAndOrderIsKeptWithinAPriority() {
        queue.offer(msg("a", "主播好呀", 0), is(Intent.CHITCHAT));
        queue.offer(msg("b", "这个裙子有M码吗", 1), is(Intent.PRODUCT_QA));
        queue.offer(msg("c", "多少钱一件", 2), is(Intent.PRODUCT_QA));
        assertEquals("b", queue.next(100).orElseThrow().message().messageId());
        queue.finishAnswering();
        assertEquals("c", queue.next(100).orElseThrow().message().messageId());
        queue.finishAnswering();
        assertEquals("a", queue.next(100).orElseThrow().message().messageId());
        queue.finishAnswering();
        assertTrue(queue.next(100).isEmpty());
        assertTrue(dropped.isEmpty());
    }

    @Test
    void nearDuplicateQuestionsAreMergedIntoTheFirst() {
        queue.offer(msg("a", "有没有M码?", 0), is(Intent.PRODUCT_QA));
        queue.offer(msg("b", "有没有M码", 1), is(Intent.PRODUCT_QA));
        queue.offer(msg("c", "有没有 M 码！！", 2), is(Intent.PRODUCT_QA));
        queue.offer(msg("d", "发什么快递", 3), is(Intent.PRODUCT_QA));
        QueuedQuestion first = queue.next(10).orElseThrow();
        assertEquals("a", first.message().messageId());
        assertEquals(List.of("b", "c"), first.merged().stream().map(ViewerMessage::messageId).toList());
        assertEquals(1, queue.waitingCount());
    }

    @Test
    void aDuplicateOfTheQuestionBeingAnsweredJoinsThatAnswer() {
        queue.offer(msg("a", "what sizes do you have", 0), is(Intent.PRODUCT_QA));
        QueuedQuestion answering = queue.next(1).orElseThrow();
        queue.offer(msg("b", "What sizes do you have?", 2), is(Intent.PRODUCT_QA));
        assertEquals(List.of("b"), answering.merged().stream().map(ViewerMessage::messageId).toList());
        assertEquals(0, queue.waitingCount());
    }

    private static Optional<AskedFact> asks(Ask ask, String size, String color) {
        return Optional.of(new AskedFact("dress-101", ask, size, color, null, null, null));
    }

    @Test
    void questionsAskingTheSameFactMergeWhateverTheirWords() {
        queue.offer(msg("a", "这条碎花裙有M码吗?", 0), is(Intent.PRODUCT_QA), asks(Ask.SIZE, "M", null));
        queue.offer(msg("b", "有没有M码", 1), is(Intent.PRODUCT_QA), asks(Ask.SIZE, "M", null));
        queue.offer(msg("c", "多少钱啊", 2), is(Intent.PRODUCT_QA), asks(Ask.PRICE, null, null));
        queue.offer(msg("d", "裙子什么价格", 3), is(Intent.PRODUCT_QA), asks(Ask.PRICE, null, null));
        assertEquals(List.of("b"), queue.next(10).orElseThrow().merged().stream().map(ViewerMessage::messageId).toList());
        queue.finishAnswering();
        assertEquals(List.of("d"), queue.next(10).orElseThrow().merged().stream().map(ViewerMessage::messageId).toList());
        assertEquals(0, queue.waitingCount());
    }

    @Test
    void questionsAskingDifferentFactsNeverMergeHoweverAlikeTheirWords() {
        RoomQueue queue = new RoomQueue(8, 10_000, 0.6, 2, (m, c, reason) -> dropped.add(m.messageId() + ":" + reason));
        queue.offer(msg("a", "白色的有M码吗", 0), is(Intent.PRODUCT_QA), asks(Ask.SIZE, "M", "白色"));
        queue.offer(msg("b", "黑色的有M码吗", 1), is(Intent.PRODUCT_QA), asks(Ask.SIZE, "M", "黑色"));
        // an unread question merges only with a repeat of its words, never by what it might mean
        queue.offer(msg("c", "会不会透", 2), is(Intent.PRODUCT_QA));
        queue.offer(msg("d", "裙子会不会透啊", 3), is(Intent.PRODUCT_QA));
        assertEquals(4, queue.waitingCount());
        assertTrue(queue.next(10).orElseThrow().merged().isEmpty());
    }

    @Test
    void aQuestionWaitingForTheVoiceIsNotStale() {
        RoomQueue room = new RoomQueue(8, 6_000, 0.6, 2, (m, c, reason) -> dropped.add(m.messageId() + ":" + reason));
        room.offer(msg("a", "有M码吗", 0), is(Intent.PRODUCT_QA));
        room.next(0, 0);                       // the voice is free: a's answer starts at once and is said until 7 s
        room.offer(msg("b", "面料是什么", 100), is(Intent.PRODUCT_QA));
        room.offer(msg("c", "多少钱", 200), is(Intent.PRODUCT_QA));
        room.finishAnswering();
        assertEquals("b", room.next(1_000, 7_000).orElseThrow().message().messageId()); // c could first be said at 7 s
        room.finishAnswering();
        // 7.5 s after c came, but only 0.5 s after the room could first have said it
        assertEquals("c", room.next(7_500, 12_000).orElseThrow().message().messageId());
        assertTrue(dropped.isEmpty(), dropped.toString());

        room.finishAnswering();
        room.offer(msg("d", "发什么快递", 7_600), is(Intent.PRODUCT_QA));
        room.offer(msg("e", "包邮吗", 7_700), is(Intent.PRODUCT_QA));
        room.next(12_000, 17_000);             // d's turn: e could first be said at 17 s ...
        room.finishAnswering();
        assertTrue(room.next(23_100, 28_000).isEmpty(), "... and 6.1 s later it is stale");
        assertEquals(List.of("e:stale"), dropped);
    }

    @Test
    void staleMessagesAreDroppedWithTheirMergedDuplicates() {
        queue.offer(msg("a", "有M码吗", 0), is(Intent.PRODUCT_QA));
        queue.offer(msg("b", "有M码吗?", 100), is(Intent.PRODUCT_QA));
        queue.offer(msg("c", "包邮吗", 9_000), is(Intent.LOGISTICS));
        QueuedQuestion next = queue.next(10_500).orElseThrow();
        assertEquals("c", next.message().messageId());
        assertEquals(List.of("a:stale", "b:stale"), dropped);
    }

    @Test
    void aFullQueueDropsItsLowestPriorityMessage() {
        queue.offer(msg("a", "哈哈哈", 0), is(Intent.CHITCHAT));
        queue.offer(msg("b", "有M码吗", 1), is(Intent.PRODUCT_QA));
        queue.offer(msg("c", "发货快吗", 2), is(Intent.LOGISTICS));
        queue.offer(msg("d", "面料是什么", 3), is(Intent.PRODUCT_QA));
        assertEquals(List.of("a:overload"), dropped);
        queue.offer(msg("e", "主播唱首歌", 4), is(Intent.CHITCHAT));
        assertEquals(List.of("a:overload", "e:overload"), dropped);
        assertEquals(3, queue.waitingCount());
    }

    @Test
    void spamIsDroppedOnArrival() {
        queue.offer(msg("a", "加V看福利", 0), is(Intent.SPAM));
        assertEquals(List.of("a:spam"), dropped);
        assertTrue(queue.idle());
    }

    private static ViewerMessage from(String user, String id, String text, long at) { return new ViewerMessage("r", id, user, text, at); }

    @Test
    void aViewerPastTheirShareOfTheQueueIsDroppedAndPushesOutNobodyElse() {
        queue.offer(from("other", "o1", "主播好呀", 0), is(Intent.CHITCHAT));
        queue.offer(from("flood", "f1", "有M码吗", 1), is(Intent.PRODUCT_QA));
        queue.offer(from("flood", "f2", "面料是什么", 2), is(Intent.PRODUCT_QA));
        queue.offer(from("flood", "f3", "发货快吗", 3), is(Intent.LOGISTICS));
        assertEquals(List.of("f3:viewer_limit"), dropped, "the other viewer's chitchat stays; the flooder's third goes");
        assertEquals(3, queue.waitingCount());
    }

    @Test
    void inAFullQueueAViewersFirstQuestionOutranksAnothersSecond() {
        queue.offer(from("flood", "f1", "有M码吗", 0), is(Intent.PRODUCT_QA));
        queue.offer(from("flood", "f2", "面料是什么", 1), is(Intent.PRODUCT_QA));
        queue.offer(from("a", "a1", "主播好呀", 2), is(Intent.CHITCHAT));
        queue.offer(from("b", "b1", "主播唱首歌", 3), is(Intent.CHITCHAT));
        assertEquals(List.of("f2:viewer_limit"), dropped, "b's only question takes the flooder's second place");
        List<String> order = new ArrayList<>();
        for (var q = queue.next(10); q.isPresent(); q = queue.next(10)) {
            order.add(q.get().message().messageId());
            queue.finishAnswering();
        }
        assertEquals(List.of("f1", "a1", "b1"), order);
    }

    @Test
    void aViewersSecondQuestionWaitsBehindOtherViewersFirstOfTheSamePriority() {
        RoomQueue roomy = new RoomQueue(8, 10_000, 0.6, 2, (m, c, reason) -> dropped.add(m.messageId() + ":" + reason));
        roomy.offer(from("flood", "f1", "有M码吗", 0), is(Intent.PRODUCT_QA));
        roomy.offer(from("flood", "f2", "面料是什么", 1), is(Intent.PRODUCT_QA));
        roomy.offer(from("a", "a1", "黑色还有货吗", 2), is(Intent.PRODUCT_QA));
        roomy.offer(from("b", "b1", "主播好呀", 3), is(Intent.CHITCHAT));
        List<String> order = new ArrayList<>();
        for (var q = roomy.next(10); q.isPresent(); q = roomy.next(10)) {
            order.add(q.get().message().messageId());
            roomy.finishAnswering();
        }
        assertEquals(List.of("f1", "a1", "f2", "b1"), order, "priority first; within it, each viewer's first before anyone's second");
    }

    private static List<String> ids(List<QueuedQuestion> turn) { return turn.stream().map(q -> q.message().messageId()).toList(); }

    @Test
    void aTurnAnswersSeveralViewersDifferentAttributesFirstAndTheOneMostAskedBeforeOthers() {
        RoomQueue room = new RoomQueue(16, 10_000, 0.6, 2, (m, c, reason) -> dropped.add(m.messageId() + ":" + reason));
        room.offer(msg("hi", "主播好美", 0), is(Intent.CHITCHAT));
        room.offer(msg("m", "有M码吗", 1), is(Intent.PRODUCT_QA), asks(Ask.SIZE, "M", null));
        room.offer(msg("l", "有L码吗", 2), is(Intent.PRODUCT_QA), asks(Ask.SIZE, "L", null));
        room.offer(msg("p", "多少钱", 3), is(Intent.PRODUCT_QA), asks(Ask.PRICE, null, null));
        room.offer(msg("p2", "什么价格", 4), is(Intent.PRODUCT_QA), asks(Ask.PRICE, null, null)); // merged: two viewers ask the price
        room.offer(msg("f", "什么面料", 5), is(Intent.PRODUCT_QA), asks(Ask.MATERIAL, null, null));

        // the price, asked twice, first; a size and the fabric before the second size; no small talk while questions wait
        assertEquals(List.of("p", "m", "f"), ids(room.nextTurn(10, 10, TurnPlanner.DEFAULT)));
        assertEquals(List.of("l"), ids(room.nextTurn(20, 20, TurnPlanner.DEFAULT)));
        assertEquals(List.of("hi"), ids(room.nextTurn(30, 30, TurnPlanner.DEFAULT)), "small talk only once the room is quiet");
        assertTrue(dropped.isEmpty(), dropped.toString());
    }

    @Test
    void aTurnHoldsOnlyWhatTheVoiceCanSayInAFewSeconds() {
        RoomQueue room = new RoomQueue(16, 10_000, 0.6, 2, (m, c, reason) -> dropped.add(m.messageId() + ":" + reason));
        room.offer(msg("m", "有M码吗", 1), is(Intent.PRODUCT_QA), asks(Ask.SIZE, "M", null));
        room.offer(msg("p", "多少钱", 2), is(Intent.PRODUCT_QA), asks(Ask.PRICE, null, null));
        room.offer(msg("f", "什么面料", 3), is(Intent.PRODUCT_QA), asks(Ask.MATERIAL, null, null));
        // answers of 8 s: two would take 16 s, past a turn's 15 s, so one goes alone; of 5 s, three fit
        assertEquals(List.of("m"), ids(room.nextTurn(10, 10, TurnPlanner.DEFAULT.estimating(8.0))));
        assertEquals(List.of("p", "f"), ids(room.nextTurn(20, 20, TurnPlanner.DEFAULT.estimating(5.0))));
    }
}
