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
                                {p}掉不掉色
                {c}有现货吗
                {s}有货吗
                {p}显瘦吗
                {p}是纯色的吗
                {p}会褪色吗
                {p}有没有异味
                {p}能不能水洗
                {p}哪个颜色最好看
                {p}是真皮的吗
                is the {c} in stock
                does the {p} fade
                is there a {s}
                does it smell
                {p}容易坏吗
                {p}送男朋友合适吗
                {p}送人有礼盒包装吗
                {p}现在什么价格
                {p}耐不耐用
                is the {p} durable
                does the {p} come in a gift box
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
                                主播今天穿得好好看
                哈哈 主播好逗
                晚上好 大家
                主播好有气质
                每天都来看你
                我来啦
                下播了吗
                好喜欢这个直播间
                今天人好多
                主播喝口水吧
                主播几点下播
                我是老粉了
                刚看到直播就进来了
                主播唱首歌吧
                主播你好呀
                好困啊
                周末愉快
                you are so funny
                good morning everyone
                love this live stream
                host you look tired
                i watch you every day
                nice to meet you all
                666666
                6666
                扣1
                111
                来了扣1
                哈哈哈 真人吗
                你是机器人吗
                老粉来了
                我是新粉
                打卡打卡
                is this a real person
                are you a robot
                抢到福袋了 开心
                刚刚中奖了 谢谢主播
                主播今天好大方
                thanks for the giveaway host
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
                                {s}还是{s2}啊
                选{s}还是{s2}
                {c}还是{c2}
                真的假的
                really??
                for real
                是吗
                啊啊
                hmm
                what
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
                                退货地址是哪里
                {p}刚收到就坏了 怎么退
                申请退款了没人处理
                我要退{p} 不合适
                能换个{c}的吗 收到不喜欢
                退款申请被拒绝了为什么
                收到的{p}少了配件
                {p}有质量问题 要求换货
                退了货 钱什么时候退回来
                七天无理由退货怎么操作
                订单{order} 申请换货
                {p}穿了一次就开线了 能退吗
                仅退款可以吗
                换码需要寄回去吗
                {p}漏液了 怎么赔
                售后电话多少
                退换货要自己付运费吗
                已经签收了还能退款吗
                i want to return the {p}
                how long does the refund take
                my {p} stopped working can i get a replacement
                can i return it if i opened it
                the {p} is damaged please refund
                where do i send the return
                exchange the {p} for a {c} one
                refund for order {order} please
                the size doesnt fit can i exchange
                i got the wrong item
                收到的{p}破了
                {p}到手就是坏的
                快递到了{p}是破损的
                有保修吗
                {p}保修几年
                能开发票吗
                发票可以开公司抬头吗
                无理由退货支持吗
                7天无理由能退吗
                质量有问题能换新的吗
                my {p} came broken
                does it come with warranty
                the {p} is broken what do i do
                can you send an invoice
                退换货怎么弄
                退换流程是什么
                售后怎么联系
                售后在哪里申请
                {p}质量问题能退吗
                {p}有质量问题
                {p}坏了 怎么办
                {p}用了一周就坏了 保修吗
                {p}不亮了 能换吗
                {p}开机没反应 怎么售后
                收到{p}有划痕 能换吗
                {p}有色差 可以退吗
                {p}有线头 能换一件吗
                {p}拉链坏了
                {p}开胶了 能修吗
                7天无理由怎么退
                七天无理由过了还能退吗
                不喜欢能退吗
                {p}买大了 能换{s}吗
                {p}买小了能换大一码吗
                换货运费谁承担
                退货需要原包装吗
                吊牌剪了还能退吗
                寄回的单号填哪里
                退款到哪个账户
                申请售后了 什么时候处理
                订单{order}售后进度
                能换个新的吗
                can i return it within 7 days
                how do i return this
                the {p} has a defect
                the {p} stopped working after a week
                is it covered by warranty
                there is a scratch on my {p} can i exchange
                i want to exchange for a smaller size
                return policy?
                how to contact after sales
                wrong size sent need exchange
                can i get a partial refund
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
                                优惠券怎么领
                领了券怎么用不了
                有没有满减券
                今天有什么福利
                福袋怎么抢
                {p}能不能再优惠点
                买三件打几折
                直播间专属价多少
                有没有买一送一
                关注主播有券吗
                粉丝福利什么时候发
                {p}有没有优惠活动
                几点发红包
                下单能返现吗
                拼单有优惠吗
                会员有折扣吗
                is there a coupon for the {p}
                any deals today
                buy one get one free
                when is the next giveaway
                how do i use the voucher
                discount code please
                can i get a discount on the {p}
                any bundle deal
                能不能便宜一点
                便宜点呗
                再便宜点就买了
                多少赞发福利
                点赞满万有福利吗
                第二件半价吗
                两件半价吗
                专属价是多少
                直播间价格多少
                秒杀什么时候开始
                几点秒杀
                any cheaper
                can it be cheaper
                second one half price
                满300减50是跨店的吗
                满减可以叠加优惠券吗
                券领不到怎么办
                优惠券在哪 没找到
                怎么领优惠券啊
                店铺券和直播间券能一起用吗
                {p}用券后多少钱
                {p}到手价多少
                拍一发二是真的吗
                {p}拍一发二吗
                拍一件发两件吗
                秒杀还有吗 没抢到
                秒杀价多少
                下一轮秒杀几点
                {p}什么时候秒杀
                福袋什么时候开
                福袋里面有什么
                福袋开奖了吗
                抽奖几点开
                抽中了怎么领奖
                今天有抽奖吗
                红包雨几点
                {p}今天有活动吗
                有没有折扣
                能打折吗
                老粉有优惠吗
                有没有粉丝价
                {p}还会降价吗
                什么时候有大促
                双十一会更便宜吗
                还有赠品吗
                {p}送小样吗
                满多少送礼物
                今天下单有礼品吗
                拼团价多少
                买{n}件有优惠吗
                有没有新人券
                主播给个券吧
                再来一波福利
                any discount
                any discount on the {p}
                is there a flash sale
                flash sale when
                what time is the flash sale
                how do i get the coupon
                coupon not working
                any promo code
                do you have a voucher for new customers
                is the {p} on sale
                buy 2 get 1 free?
                any freebies
                is there a lucky draw
                how to join the giveaway
                lucky bag when
                can i get it cheaper
                any special price for fans
                any extra discount if i buy {n}
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
                                发货快吗
                多久能收到
                {city}几天到
                快递是哪家
                可以发京东吗
                能不能加急发货
                什么时候到货
                物流信息没更新
                快递显示签收了但我没收到
                可以寄到{city}吗
                运费多少
                满多少包邮
                现货几天发
                能到付吗
                how long does shipping take
                when will my order arrive
                do you deliver to {city}
                shipping cost to {city}
                tracking says delivered but i got nothing
                can you ship faster
                is it in stock ready to ship
                包不包邮
                包邮不
                新疆包邮吗
                偏远地区发货吗
                偏远地区运费多少
                物流不动了
                物流好慢 到哪了
                快递一直没更新
                ready to ship
                is it shipped yet
                几号能发货
                拍了多久发
                今天能发出吗
                {city}发货要几天
                顺丰要加钱吗
                能发邮政吗
                快递能放驿站吗
                可以送货上门吗
                物流到哪里了 订单{order}
                快递几天了还没到
                发货地是哪里
                海外能寄吗
                when do you ship
                how many days to {city}
                do you ship internationally
                what is my tracking number
                can it arrive before friday
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
                                质量太差了 跟描述不符
                {p}用了两天就坏了 什么垃圾质量
                你们客服是机器人吧 一直不回
                说好的包邮结果收了运费
                价格比昨天贵了 坑人
                主播一直不理我
                买了{p}后悔死了
                根本不是{m}的 骗子
                等了一周还没发货 太慢了
                退款拖了半个月 要投诉
                第二次买了 这次太失望了
                什么态度啊
                发的是旧款 很生气
                the {p} broke after two days terrible
                your service is awful
                very disappointed with the {p}
                this is not {m} at all scam
                been waiting two weeks so angry
                no one replies to my messages
                you charged me twice
                差评
                必须差评
                不会再买了
                再也不来了
                态度真差
                你们什么态度
                骗子 根本不是{m}
                后悔买了
                发的旧货 生气
                i will never buy again
                you are liars
                so disappointed
                {p}质量差死了
                太失望了 {p}根本不能用
                什么垃圾 还卖这么贵
                客服半天不理人
                主播说话不算数
                说好的福袋呢 骗人的吧
                抽奖都是假的吧
                直播间全是托
                买了就降价 太坑了
                你们就是骗钱的
                无语了 发错了还不认
                气死我了 等了十天
                {p}和直播里完全两个样
                实物和图片差太多了
                色差太大了 失望
                态度这么差还做什么生意
                我要打12315投诉
                已经投诉到平台了
                差评差评
                一星都不想给
                垃圾店铺
                黑心商家
                别买 都是坑
                so bad
                this is a scam
                total rip off
                the {p} is garbage
                terrible quality dont buy
                your customer service is the worst
                i want to file a complaint
                fake product
                you never answer
                waste of money
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
                                加我V看主页
                私聊有惊喜 {url}
                同城交友 加V{wx}
                刷单兼职 日结
                免费送手机 点{url}
                想赚钱的加{wx}
                主播是傻子
                滚出直播间
                低价代购 联系{phone}
                follow me for free gifts {url}
                dm me to make money fast
                cheap likes and views {url}
                you are stupid host
                兼职 日赚{n}百
                在家兼职 私我
                日赚{n}千 加{wx}
                滚吧
                滚蛋
                earn money from home dm me
                make {n}00 a day message me
                dm me for a job
                加v{wx} 带你赚钱
                +v {wx}
                v我{wx}
                威信{wx}
                wx{wx} 有福利
                qq{phone}
                看我主页有惊喜
                互粉互粉 回关
                求关注 必回关
                代刷点赞 {url}
                低价q币 {url}
                高价回收账号 {phone}
                宝妈兼职 在家可做
                手机兼职 一单一结
                招打字员 日结{n}百
                免费领红包 {url}
                点这个{url}抢购
                同城约吗
                美女陪聊 加{wx}
                主播丑死了
                什么鬼主播 滚
                sb主播
                闭嘴吧你
                crypto investment dm me
                free bitcoin {url}
                visit {url} for free stuff
                add me on telegram {wx}
                sub to my channel
                shut up idiot
                ugly host lol
""");
    }

    private static void put(Intent intent, String block) {
        TEMPLATES.put(intent, Arrays.stream(block.split("\n")).map(String::strip).filter(s -> !s.isEmpty()).toList());
    }

    private TemplateBank() { }
}
