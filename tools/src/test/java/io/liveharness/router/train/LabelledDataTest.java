package io.liveharness.router.train;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The router is measured on eval cases as they are written: labelled by their intent, a follow-up a reply to the avatar. */
class LabelledDataTest {

    @Test
    void anEvalCaseIsLabelledByItsIntentAndAFollowUpAnswersTheAvatar(@TempDir Path dir) throws IOException {
        Path cases = dir.resolve("cases.jsonl");
        Files.writeString(cases, """
                {"id": "a", "room": "dress-room", "intent": "product_qa", "text": "有M码吗", "rubric": {"expect": "answer"}}
                {"id": "b", "room": "dress-room", "intent": "clarification", "text": "那白的呢", "previous": {"question": "q", "reply": "r"}}
                """);
        List<LabelledMessage> read = LabelledData.read(cases);
        assertEquals(List.of("product_qa", "clarification"), read.stream().map(LabelledMessage::label).toList());
        assertEquals(List.of(false, true), read.stream().map(LabelledMessage::replyToAvatar).toList());
    }

    @Test
    void aLineWithNeitherLabelNorIntentIsRefusedAtItsLine(@TempDir Path dir) throws IOException {
        Path cases = dir.resolve("cases.jsonl");
        Files.writeString(cases, "{\"text\": \"hi\", \"label\": \"chitchat\"}\n{\"text\": \"有M码吗\"}\n");
        IOException e = assertThrows(IOException.class, () -> LabelledData.read(cases));
        assertTrue(e.getMessage().contains("cases.jsonl:2: needs fields text and label (or, an eval case, intent)"), e.getMessage());
    }
}
