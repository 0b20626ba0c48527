package io.liveharness.router.features;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small hand-written lexicon of intent cue words, grouped by what they signal (a coupon word, a
 * return word, an insult...). Each hit emits its group's feature ({@code l:promo}), so a phrasing
 * never seen in training still carries "this names a discount" when one of its words is a cue:
 * the n-grams learn words, the group lets the model share what it learnt across them.
 * Written from domain knowledge of live-commerce rooms, not from the test split.
 *
 * <p>Cues are matched on the featurizer's normalised text (lower case, half-width). Chinese cues
 * match anywhere; a Latin cue must start a word, and one of three letters or fewer must also end it.
 */
public final class CueLexicon {
    static final Map<String, String> GROUPS = new LinkedHashMap<>();

    static {
        GROUPS.put("promo", """
                优惠 优惠券 券 领券 满减 减 折 打折 折扣 秒杀 福袋 抽奖 红包 福利 赠品 送 买一送一 拍一发二 拍二发三
                第二件 半价 特价 便宜 划算 活动 专属价 直播价 到手价 返现 补贴 拼单 团购 会员价 降价吗 开抢 上车 宠粉 抢
                礼品 礼物 小样 用券 券后 大促 中奖 开奖 粉丝价 新人价
                coupon voucher discount deal deals sale promo code giveaway gift free cheaper cheap bundle offer off bogo
                """);
        GROUPS.put("aftersales", """
                退 退货 退款 换货 退换 换 售后 质量问题 坏 坏了 破损 破了 碎 保修 维修 修 发票 无理由 七天 7天 补发 少发 发错
                漏发 错发 漏液 开线 脱线 过敏 运费险 寄回 退回 仅退款 赔 瑕疵 不能用 用不了 不工作 到手就是坏 色差 划痕 开胶 吊牌
                return returns refund exchange warranty broken damaged invoice replacement repair defective faulty wrong item
                after sales aftersales defect scratch stopped working
                """);
        GROUPS.put("complaint", """
                差评 投诉 骗 骗人 骗子 坑 坑人 垃圾 太差 很差 真差 失望 后悔 生气 气死 离谱 态度 虚假 再也不 不会再 举报 黑心
                无语 恶心 忽悠 不回 没人理 不理 敷衍 拖 拖了 说好的 说好 不算数 假的 托 一星 智商税 退差价
                worst terrible awful scam liar liars lied disappointed angry report horrible complain complaint ripoff useless
                never waste garbage fake no one nobody rip off
                """);
        GROUPS.put("contact", """
                加v 加微 微信 vx v信 威信 薇 私聊 私我 私信 兼职 日赚 日结 刷单 代刷 互关 互赞 互粉 交友 主页 代购 赚钱 副业 招聘
                求关注 回关 关注我 陪聊 同城 回收账号
                whatsapp telegram dm profile followers earn money job
                """);
        GROUPS.put("url", """
                http www .com .cn .net t.cn 点击 点链接
                """);
        GROUPS.put("abuse", """
                傻 滚 cnm sb nmsl 智障 脑残 废物 丑 白痴 去死 闭嘴
                stupid idiot dumb ugly loser shut fool
                """);
        GROUPS.put("logistics", """
                发货 快递 物流 包邮 顺丰 京东 中通 圆通 韵达 到货 几天到 运费 地址 签收 寄 加急 派送 配送 单号 送货 送到 上门 驿站 邮政
                ship shipping shipped deliver delivery courier tracking package parcel arrive
                """);
        GROUPS.put("product", """
                尺码 码 身高 体重 材质 面料 颜色 有货 现货 库存 容量 保质期 正品 适合 能穿 能用
                size fit material colour color stock
                """);
        GROUPS.put("social", """
                主播好 哈哈 666 打卡 歌 好美 漂亮 好看 可爱 晚上好 早上好 有人吗 来了 加油 支持 辛苦 晚安 宝宝们 老粉 新粉
                hello hi song music funny cute pretty love lol haha everyone
                """);
        GROUPS.put("price", """
                多少钱 价格 什么价 几块 几元 多少米 价钱
                price how much cost
                """);
        GROUPS.put("followup", """
                那 呢 来着 刚才 刚刚 再说 什么意思 没听清 哪个 还是 真的吗 不是说 确定吗 是吗
                what about which again mean huh really hmm
                """);
    }

    private static final int[][] CUES;
    private static final int[] GROUP_OF;
    private static final int[] FIRST;
    private static final int[][] GROUP_NAMES;
    private static final long[] GROUP_HASHES;

    static {
        List<int[]> cues = new ArrayList<>();
        List<Integer> groups = new ArrayList<>();
        List<String> names = new ArrayList<>(GROUPS.keySet());
        for (int g = 0; g < names.size(); g++) {
            for (String cue : GROUPS.get(names.get(g)).trim().split("\\s+")) {
                cues.add(cue.codePoints().toArray());
                groups.add(g);
            }
        }
        Integer[] order = new Integer[cues.size()];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Integer.compare(cues.get(a)[0], cues.get(b)[0]));
        CUES = new int[order.length][];
        GROUP_OF = new int[order.length];
        FIRST = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            CUES[i] = cues.get(order[i]);
            GROUP_OF[i] = groups.get(order[i]);
            FIRST[i] = CUES[i][0];
        }
        GROUP_NAMES = new int[names.size()][];
        GROUP_HASHES = new long[names.size()];
        for (int g = 0; g < names.size(); g++) {
            GROUP_NAMES[g] = names.get(g).codePoints().toArray();
            GROUP_HASHES[g] = FeatureHash.of("l:" + names.get(g));
        }
    }

    /** The feature names this lexicon can emit, {@code l:promo} and so on. */
    public static List<String> featureNames() {
        return GROUPS.keySet().stream().map(g -> "l:" + g).toList();
    }

    /**
     * Emits one {@code l:group} occurrence per cue hit in {@code buf[from, to)}, leftmost-longest and
     * not overlapping: 送货 is one logistics hit, not a logistics and a promotion (送) hit.
     */
    static void emit(int[] buf, int from, int to, GramSink sink) {
        for (int i = from; i < to; i++) {
            int cp = buf[i];
            int k = lowerBound(cp);
            if (k < 0) continue;
            boolean latin = isLatin(cp);
            if (latin && i > 0 && isLatin(buf[i - 1])) continue;
            int best = -1;
            for (; k < FIRST.length && FIRST[k] == cp; k++) {
                int[] cue = CUES[k];
                if (!matches(buf, i, to, cue) || (best >= 0 && cue.length <= CUES[best].length)) continue;
                int end = i + cue.length;
                if (latin && cue.length <= 3 && end < to && isLatin(buf[end])) continue;
                best = k;
            }
            if (best < 0) continue;
            int g = GROUP_OF[best];
            sink.gram(GROUP_HASHES[g], 'l', GROUP_NAMES[g], 0, GROUP_NAMES[g].length);
            i += CUES[best].length - 1;
        }
    }

    private static int lowerBound(int cp) {
        int k = Arrays.binarySearch(FIRST, cp);
        if (k < 0) return -1;
        while (k > 0 && FIRST[k - 1] == cp) k--;
        return k;
    }

    private static boolean matches(int[] buf, int at, int to, int[] cue) {
        if (at + cue.length > to) return false;
        for (int j = 1; j < cue.length; j++) if (buf[at + j] != cue[j]) return false;
        return true;
    }

    private static boolean isLatin(int cp) {
        return cp < 0x250 && Character.isLetter(cp);
    }

    private CueLexicon() { }
}
