package io.liveharness.ops;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LatencySummaryTest {

    @Test
    void eachStageReportsNearestRankPercentilesAndItsMaxInTheOrderStagesFirstCame() {
        LatencySummary s = new LatencySummary();
        for (int ms = 100; ms >= 1; ms--) s.add("reply", ms);
        s.add("queue", 2.5);
        List<LatencySummary.Row> rows = s.rows();
        assertEquals(List.of("reply", "queue"), rows.stream().map(LatencySummary.Row::stage).toList());
        LatencySummary.Row reply = rows.getFirst();
        assertEquals(100, reply.count());
        assertEquals(50.0, reply.p50(), 0.05, "half the replies took 50 ms or less");
        assertEquals(95.0, reply.p95(), 0.1);
        assertEquals(100.0, reply.max(), 0.1);
        assertEquals(2.5, rows.get(1).p50(), 0.01, "one sample is every percentile");
    }

    @Test
    void theTableHasOneLinePerStageWithMillisecondsToTheHundredth() {
        LatencySummary s = new LatencySummary();
        s.add("emit", 1.25);
        assertEquals("""
                stage                 n     p50 ms     p95 ms     max ms
                emit                  1       1.25       1.25       1.25
                """, s.table());
    }
}
