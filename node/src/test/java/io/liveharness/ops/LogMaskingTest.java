package io.liveharness.ops;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class LogMaskingTest {
    @Test
    void chineseMobilesAreMaskedWithOrWithoutCountryCodeAndSeparators() {
        assertEquals("加我 [phone] 下单", LogMasking.mask("加我 13812345678 下单"));
        assertEquals("电话[phone]", LogMasking.mask("电话+86 138-1234-5678"));
        assertEquals("call [phone]", LogMasking.mask("call 8613912345678"));
    }

    @Test
    void otherPhoneNumbersEmailsUrlsAndWechatIdsAreMasked() {
        assertEquals("ring [phone] now", LogMasking.mask("ring +1 (415) 555-0134 now"));
        assertEquals("mail [email] pls", LogMasking.mask("mail shop.owner+x@example.com pls"));
        assertEquals("see [url] ok", LogMasking.mask("see https://evil.example/buy?x=1 ok"));
        assertEquals("加微信 [wechat]", LogMasking.mask("加微信 abc_12345"));
        assertEquals("vx [wechat] 私聊", LogMasking.mask("vx: shopper2024 私聊"));
    }

    @Test
    void ordinaryQuestionsStayAsTheyAre() {
        for (String s : new String[]{"这条裙子有M码吗?", "is the power bank in stock?", "价格 199 元", "买 2 件打 8 折", "订单 2024"}) {
            assertEquals(s, LogMasking.mask(s));
        }
        assertFalse(LogMasking.mask("my number is 13812345678").contains("13812345678"));
    }
}
