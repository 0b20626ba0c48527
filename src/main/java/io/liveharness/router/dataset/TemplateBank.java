package io.liveharness.router.dataset;

import io.liveharness.router.Intent;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Hand-written message templates, one per line, per intent. Slots: {p} {p2} product, {c} {c2}
 * colour, {s} {s2} size, {m} {m2} material, {k} {k2} link number, {h} height, {w} weight, {city},
 * {price}, {n} small number, {order} order number, {wx} chat id, {phone}, {url}, {e} emoji.
 * The split into train and test is by template, so each line here is one unit of the split.
 */
final class TemplateBank {

    static final Map<Intent, List<String>> TEMPLATES = new EnumMap<>(Intent.class);

    static {
        put(Intent.PRODUCT_QA, """
                {p}有{c}的吗
                {c}还有货吗
                {p}是什么材质的
                身高{h}体重{w}穿什么码
                {h}的{w}斤选哪个码合适
                {p}多少钱
                {k}号链接多少钱
                {k}号还有吗
                {p}会不会起球
                {p}掉色吗
                是{m}的还是{m2}的
                这款{p}偏大还是偏小
                {s}还有吗
                {p}有{s}吗
                {p}能机洗吗
                {p}保质期多久
                {p}是正品吗
                {p}怎么用
                敏感肌能用{p}吗
                孕妇可以用{p}吗
                {p}容量多大
                {p}有多重
                {p}有几个颜色
                {c}显白吗
                {p}和{k}号有什么区别
                {p}厚不厚 冬天能穿吗
                {p}透气吗
                {p}有没有味道
                {p}续航多久
                {p}支持快充吗
                {p}防水吗
                {p}是哪里产的
                主播身上穿的是什么码
                主播身上这件是{k}号吗
                {p}现在有现货吗
                库存还剩多少
                {p}是今年新款吗
                {p}洗了会缩水吗
                {p}里面加绒吗
                {p}口感怎么样
                {p}辣不辣
                {p}一包多少克
                {p}尺码标准吗
                {p}腰围多少
                {p}长度到哪里
                {p}是{m}的吗
                {m}含量多少
                {p}适合油皮还是干皮
                {p}能带上飞机吗
                {p}兼容{s}吗
                {p}{c}和{c2}哪个好看
                微胖能穿{p}吗
                {p}平时穿{s}拍哪个码
                想问下{p}的{s}现在什么价
                {p}到底是什么面料啊
                {p}有没有{s}的 {c}
                这个{p}有size {s}吗
                link {k}多少钱
                {s} size还有吗
                {p}这个material是啥
                {p} 是 {m} 的吗
                {p}的price多少
                do you have the {p} in {c}
                is the {p} true to size
                what size for {h} and {w}
                how much is the {p}
                price of link {k}
                is the {p} made of {m}
                what material is this {p}
                does the {p} run small
                any {s} left
                is the {p} waterproof
                how long does the battery last
                can i machine wash the {p}
                how many colors does the {p} come in
                is the {p} ok for sensitive skin
                whats the difference between {k} and {k2}
                is the {c} one still in stock
                does the {p} shrink after washing
                how long is the {p}
                is link {k} the same as the one you are wearing
                what size are you wearing
                is {p} original or fake
                how many grams in one pack
                """);
        put(Intent.CHITCHAT, """
                主播好
                主播好漂亮
                主播今天好美
                666
                来了来了
                晚上好呀
                哈哈哈哈
                主播吃饭了吗
                主播是哪里人
                打卡
                第一次来直播间
                我又来了
                主播声音好好听
                yyds
                zbh
                主播加油
                支持主播
                爱了爱了
                今天直播到几点
                好无聊啊
                有人吗
                刚下班来看看
                zb辛苦了 早点休息
                晚安啦
                你是真人吗
                主播是AI吗
                扣1扣1
                来啦宝宝们
                路过看看
                关注了 点赞了
                {city}的来报到
                大家好
                主播笑起来好甜
                太可爱了吧
                今天{city}好热
                gg
                主播nb
                背景音乐叫什么
                主播换发型了
                主播今天心情好吗
                hello 主播
                hi everyone
                love you host
                you look so pretty today
                good evening from {city}
                first time here
                lol
                haha nice
                are you a real person
                keep going
                whats the song name
                where are you from
                im back
                so cute
                hi host
                how is your day
                """);
        put(Intent.CLARIFICATION, """
                那{c}呢
                那{s}呢
                {c}的呢
                那{k}号呢
                真的吗
                多少钱来着
                哪个
                哪一个啊
                刚才说的是哪个
                什么意思
                没听清
                再说一遍
                能再说一下吗
                啊
                那我这个身高呢
                那我呢
                所以是哪个码
                那要选哪个
                你是说{s}吗
                是{s}还是{s2}
                这个还是那个
                那个呢
                刚刚那个
                确定吗
                那到底有没有
                然后呢
                为啥
                不是说有吗
                上一个呢
                第二个呢
                那{p}呢
                {s}的话呢
                那{w}的呢
                也是这个价吗
                什么颜色来着
                what about {s}
                and the {c} one
                which one
                really
                wait how much again
                sorry what
                say that again pls
                you mean {s}
                so which size then
                the first one or the second
                what do you mean
                that one
                and for me
                huh
                same for the {c} one
                then {s}
                ok and {c}
                """);
        put(Intent.AFTER_SALES, """
                我买的{p}怎么退货
                收到的{p}有破损
                {p}尺码不合适能换吗
                怎么申请退款
                支持七天无理由吗
                退货运费谁出
                发错颜色了 我要的是{c}
                少发了一件
                我想换成{s}
                质量有问题怎么处理
                {p}坏了能修吗
                保修多久
                订单{order}要退款
                已经寄回去了怎么还没退款
                退款多久到账
                换货要多久
                收到的{p}和图片不一样 能退吗
                能补发吗
                发票怎么开
                售后找谁
                运费险怎么用
                拆了包装还能退吗
                {p}用了过敏 可以退吗
                how do i return the {p}
                i want a refund for order {order}
                received the wrong color
                the {p} arrived broken
                can i exchange it for {s}
                is there a warranty
                who pays for return shipping
                refund still not received
                how do i get an invoice
                """);
        put(Intent.PROMOTION, """
                有优惠券吗
                券在哪里领
                满减怎么算
                有没有赠品
                什么时候开抢
                还有福袋吗
                秒杀几点开始
                能便宜点吗
                拍两件有优惠吗
                新人有优惠吗
                抽奖怎么参加
                点赞到多少发福利
                下次活动什么时候
                今天买{p}送什么
                {p}第二件半价吗
                any coupon
                is there a discount if i buy two
                when does the flash sale start
                where do i get the voucher
                any giveaway today
                free gift with the {p}
                can you give a lower price
                """);
        put(Intent.LOGISTICS, """
                什么时候发货
                发什么快递
                几天能到{city}
                包邮吗
                能发顺丰吗
                偏远地区包邮吗
                {city}能发吗
                我的快递到哪了
                物流怎么一直不动
                下单后能改地址吗
                今天拍明天能发吗
                预售多久发货
                从哪里发货
                when will it ship
                do you ship to {city}
                how long to deliver to {city}
                is shipping free
                which courier do you use
                can i change my address
                my package has not moved for days
                """);
        put(Intent.COMPLAINT, """
                什么破质量
                主播骗人
                客服一直不回消息
                太差了
                再也不买了
                客服态度太差
                比别家贵多了
                刚买就降价 气死我了
                等了半个月还没到 太离谱
                直播说的和实际不一样
                虚假宣传
                我要投诉你们
                太坑了
                给差评了
                说好的赠品没有
                worst service ever
                the quality is terrible
                im going to report you
                you lied about the material
                never buying from you again
                customer service ignored me
                """);
        put(Intent.SPAM, """
                加V{wx}领福利
                加微信{wx}看更多
                vx {wx}
                兼职日赚{n}百 私聊
                点击{url}领红包
                低价出账号 电话{phone}
                关注我 互关互赞
                代刷粉丝 {url}
                免费领取iphone {url}
                傻X主播
                滚
                垃圾主播 cnm
                刷刷刷刷刷
                check my profile {url}
                earn {n}00 dollars daily dm me
                buy followers cheap {url}
                whatsapp {phone}
                idiot host go away
                """);
    }

    private static void put(Intent intent, String block) {
        TEMPLATES.put(intent, Arrays.stream(block.split("\n")).map(String::strip).filter(s -> !s.isEmpty()).toList());
    }

    private TemplateBank() { }
}
