package io.liveharness.hooks.builtin;

import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.HookVerdict;

import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * No URLs, phone numbers, WeChat/QQ ids or e-mail addresses: the avatar never sends viewers off
 * the platform, and a number read out on air cannot be taken back.
 */
public record NoContactDetailsHook() implements FastHook {
    public static final String TYPE = "no-contact-details";
    static final Pattern CONTACT = Pattern.compile(String.join("|",
            "https?://\\S+", "www\\.\\S+",
            "\\b[a-z0-9-]+\\.(?:com|cn|net|org|io|top|shop|xyz|cc|me)\\b",
            "\\b[\\w.+-]+@[\\w-]+\\.[\\w.]+",
            // Chinese mobile, optionally +86 and spaced 3-4-4
            "(?<!\\d)(?:\\+?86[- ]?)?1[3-9]\\d[- ]?\\d{4}[- ]?\\d{4}(?!\\d)",
            // landline with area code, and international numbers
            "(?<!\\d)0\\d{2,3}[- ]\\d{7,8}(?!\\d)", "\\+\\d{1,3}[- ]?\\d{6,}",
            // any mention of the usual off-platform channels, with or without an id after it
            "微信|威信|薇信|v信|vx|wx号|wechat|weixin",
            "(?:qq|扣扣)\\s*(?:号|群)?\\s*[:：]?\\s*\\d{5,}", "qq号|qq群"), Pattern.CASE_INSENSITIVE);

    @Override
    public HookVerdict check(HookContext context) {
        String reply = context.subject();
        Matcher m = CONTACT.matcher(reply);
        return m.find()
                ? HookVerdict.block(TYPE, "the reply contains a URL or contact detail ('" + m.group()
                        + "'); never send viewers off the platform, leave it out")
                : HookVerdict.allow(TYPE, reply);
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT, HookPoint.STOP); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams.of(params).allowOnly();
            return new NoContactDetailsHook();
        }
    }
}
