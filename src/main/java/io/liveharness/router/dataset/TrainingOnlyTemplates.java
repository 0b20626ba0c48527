package io.liveharness.router.dataset;

import io.liveharness.router.Intent;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Templates for training only, in the slot syntax of {@link TemplateBank}: written after the test
 * split had been drawn from that bank, by writers who saw one training message per training
 * template and none of the test split, to add phrasings and concepts. They never enter the test
 * split, and one whose messages come near a test message is left out ({@link NearCopies}).
 */
final class TrainingOnlyTemplates {

    static final Map<Intent, List<String>> TEMPLATES = new EnumMap<>(Intent.class);

    static {
        put(Intent.PRODUCT_QA, """
                白色的会透吗
                {p}有内衬吗
                裤子有弹力吗
                {s}码腰围是多少
                肩宽大概多少啊
                {h}穿这条裙子到哪里
                脚背高脚宽能穿吗
                鞋跟有几厘米
                鞋底防滑吗
                这双新鞋磨不磨脚
                {p}要拍大一码吗
                主播多高多重 穿的几码
                粉底液有适合黄黑皮的色号吗
                上脸会氧化暗沉吗
                这个持妆能多久
                口红沾杯吗
                防晒霜是多少倍的
                里面含酒精吗
                有没有添加香精
                长痘痘能用吗
                一瓶多少毫升
                生产日期是几月的
                开封后能放多久
                小朋友能吃吗 辣不辣
                控糖的人能吃吗
                热量高不高啊
                是独立小包装吗
                一箱里面有几包
                买回来要放冰箱吗
                {p}要怎么煮
                吃素的能吃吗
                蓝牙是5.3的吗
                苹果手机能连吗
                充满电要多久
                是type-c口吗
                防水等级是多少
                空气炸锅是几升的
                功率多大 费不费电
                可以放洗碗机吗
                电磁炉能用吗
                锅有没有涂层
                {p}多重 几月份盖合适
                四件套是1.8米床的吗
                需要自己组装吗
                最多能承重多少斤
                有防伪码可以查吗
                是专柜同款吗
                {c}断码了还会补吗
                {k}号和{k2}号哪个更保暖
                {p}跟{p2}哪个性价比高
                {s}和{s2}价格一样吗
                适合多大年纪的人
                男生能穿吗
                会掉毛吗
                夏天穿闷不闷
                这个{p}的fabric厚吗
                有size chart吗 在哪看
                是100% cotton的吗
                充电头支持PD快充吗
                有没有fair一点的色号
                {p}是oversize版型吗
                有没有品牌授权书
                serum里有retinol吗
                鞋子码数是欧码还是国内码
                link {k}和link {k2}面料一样吗
                有petite的吗 我才{h}
                包包能放下A4文件吗
                口红是vegan的吗
                饼干含gluten吗
                支持Android吗
                空气炸锅多少watt
                耳机有ANC降噪吗
                is it see-through in white
                does the {p} have a lining
                is the fabric stretchy
                what's the waist measurement for {s}
                how long is the dress on someone {h}
                are these ok for wide feet
                how high is the heel
                are the soles slip resistant
                should i size up in these
                how tall is the host and what size is she in
                does the foundation oxidize
                how long does the lipstick stay on
                is it transfer proof
                is it fragrance free
                safe for acne prone skin?
                whats the expiry date on these
                how spicy is it really
                is it sugar free
                how many calories per pack
                are they individually wrapped
                do i need to keep it in the fridge
                is it halal
                will it connect to my laptop
                how long to fully charge
                is it dishwasher safe
                does it work on an induction stove
                is the bottle BPA free
                will it fit a queen size bed
                do i have to assemble it myself
                how much weight can it hold
                can i verify it on the brand website
                will link {k} be restocked
                which is warmer link {k} or link {k2}
                is the {p} better than the {p2}
                how much is the {s} version
                what age is this for
                is it unisex
                does it wrinkle easily
                """);
        put(Intent.CHITCHAT, """
                主播吃饭了没
                主播你几岁啦
                今天这身好仙啊
                主播笑起来好甜
                主播有男朋友吗
                来晚了来晚了
                又来蹲你了
                每晚必看的直播间
                主播辛苦啦
                谢谢主播耐心解答
                主播晚安 明天见
                先撤了 拜拜大家
                这灯光打得真好看
                主播口才真好
                从{city}来支持你
                我在{city} 有老乡吗
                主播今天累不累
                下雨了大家注意保暖
                这是虚拟人吗 好逼真
                主播眨眼好自然
                主播会说英语吗
                主播平时喜欢吃啥
                笑死我了
                哈哈主播太实在了
                给主播点个赞
                上班摸鱼来看直播
                失眠了来陪主播
                明天几点开播呀
                主播周末休息吗
                带娃中 偷偷看一会
                主播今天妆容好精致
                主播家的猫呢
                蹲了好久终于开播了
                好久没来 主播还记得我吗
                祝主播生意兴隆
                hi from {city}
                just got off work hi all
                your hair looks great today
                what's your name host
                how old are you
                what time is it over there
                you're doing great keep it up
                thank you for answering my question
                gotta go bye everyone
                good night host see you tomorrow
                this stream is so relaxing
                haha the host is cracking me up
                is it raining where you are
                happy friday everyone
                what did you have for lunch
                wow you look so real
                can't sleep so here i am
                watching on my lunch break
                who else is here every night
                host take a break and drink some water
                what are your hobbies
                is this live or recorded
                been a fan since day one
                love your energy
                you deserve way more viewers
                zb you are so cute
                主播 good night
                hello 主播今天好精神
                主播 have a nice day
                第一次看 so fun
                主播英语说得好 so good
                拜拜 see you tomorrow
                主播的笑容 so sweet
                thanks 主播 辛苦啦
                主播 what's your name
                """);
        put(Intent.CLARIFICATION, """
                你刚说的是{k}号还是{k2}号
                你说的是左边那件还是右边那件
                你说的是身上这件吗
                能再慢点说吗
                说太快了没跟上
                卡了一下 刚说到哪了
                你说的{price}是一件的吗
                所以到底是几号链接
                是{p}还是{p2}啊
                前面那句没听懂
                啥意思啊
                我没太明白
                是这样吗
                就是说{c}没了吗
                意思是只有{s}吗
                刚刚说的颜色再报一下
                你说的那个码我没记住
                哪边哪边
                这个还是那个
                跟刚才那个一样吗
                {c}也是这样吗
                两个都是吗
                那另外一个呢
                就是说可以咯
                你刚说{n}件是吧
                等下 我刚没看到
                sorry i missed that
                can you say that again slower
                which one did you just show
                the left one or the right one
                wait is that the {p} or the {p2}
                so is that a yes or no
                you said {s} right
                hold on which link was that
                did you say {price}
                huh which color
                sorry come again
                what was the first one again
                so both of them
                so you're saying it's sold out
                same as before
                the one in your hand
                i don't get it
                and the other one
                you lost me
                你说的是{p} right
                wait 刚才那个多少号
                所以 yes or no
                sorry 没听懂
                huh 哪个颜色
                """);
        put(Intent.AFTER_SALES, """
                退货地址发我一下
                能上门取件退货吗
                运费险怎么理赔
                少发了赠品 能补吗
                充电器没在盒子里 漏发了
                误点了确认收货还能退吗
                重复下单了 帮我退一单
                同一单里只退一件可以吗
                退款金额不对 少退了钱
                退款显示成功了但没到账
                收到的零食已经过期了 要退款
                the two shoes are different sizes can i exchange
                耳机一边没声音 能保修吗
                屏幕有坏点 可以换新吗
                电池鼓包了怎么处理
                洗了一次就缩水 能退吗
                衣服上有污渍 给我换一件
                退货单号填错了怎么改
                退款申请能撤销吗
                没录开箱视频还能售后吗
                退货的时候赠品要一起寄回吗
                激活了还能退吗
                试穿过能退吗 吊牌还在
                过了保修期能付费维修吗
                where is the nearest repair center
                保修要带发票吗
                发票抬头开错了 能重开吗
                e-invoice发到哪里了 没收到
                换货寄回去了 新的什么时候发
                {p}少了一颗扣子 怎么处理
                What's the return address
                can you arrange a pickup for my return
                my order is missing the charger
                the free gift wasn't in my package
                the screen has dead pixels can i get a replacement
                the snacks arrived expired i want a refund
                i accidentally confirmed receipt can i still return it
                i ordered twice by mistake please refund one
                refund says completed but nothing in my account
                can i swap it for a different product
                the invoice has the wrong name on it
                do i need the receipt for warranty
                the {p} shrank after one wash can i return it
                my replacement came in the wrong size again
                can i cancel my return request
                order {order} 的refund进度怎么查
                收到的{p} screen裂了 怎么售后
                想exchange成{s} 要补差价吗
                warranty卡丢了还能修吗
                售后客服的联系方式发一下 电话打不通
                """);
        put(Intent.PROMOTION, """
                定金多少 尾款什么时候付
                预售定金能膨胀吗
                跨店满减能用吗
                无门槛券还有吗
                券的使用门槛是多少
                优惠券过期了还能补发吗
                积分能抵现吗
                加入粉丝团有专属券吗
                点关注送券吗
                分享直播间有奖励吗
                晒单有返现吗
                邀请好友下单有奖励吗
                抹个零吧主播
                买一箱能给批发价吗
                生日当天有折扣吗
                这是今年最低价了吗
                这个价是已经减过券的吗
                一元秒杀还有名额吗
                抽中福袋了怎么领奖
                福袋要粉丝团几级才能抢
                口令红包的口令是啥
                评论区抽奖怎么看中没中
                第二次买有复购券吗
                凑单买{n}件能打几折
                {p}和{p2}一起拍能便宜多少
                赠品能自己选吗
                整点有免单吗
                前{n}名下单有什么奖励
                再砍一刀呗
                价格能再降{n}块吗
                can i stack two coupons
                does the coupon expire today
                when does this deal end
                is this the lowest it will go
                do followers get a special coupon
                how do i claim my prize from the draw
                who won the lucky bag
                cashback if i leave a review?
                promo code says invalid, is there a new one
                any deal if i buy the whole set
                will the price drop again at midnight
                any referral bonus if my friend buys
                throw in a free one and i will take it
                early bird price for the preorder?
                how many winners in the giveaway
                bulk discount for {n} boxes?
                can you match the price from another shop
                when is the next red envelope drop
                is the sale price still on for link {k}
                do vip members get early access to the sale
                is there a minimum spend for the coupon
                有没有student discount
                coupon一个账号能领几张
                这个sale到几点结束
                promo code在哪里输入
                bundle价是多少
                flash deal还剩几单
                满减threshold是多少
                giveaway怎么算中奖
                link {k}有没有coupon可以用
                """);
        put(Intent.LOGISTICS, """
                能加急吗 多加钱也行
                可以指定发中通吗
                能发邮政吗
                两单能合并一起发吗
                周末发货吗
                过年期间停发吗
                几点前下单当天能发
                显示派送中一整天了还没送到
                物流一直停在已揽收
                卡在中转站好几天了
                能寄到公司吗 我白天不在家
                可以自提吗
                同城能闪送吗
                收件人电话填错了能改吗
                能晚几天再发吗 我出差
                能保密发货吗 外包装别写是啥
                寄香港要交税吗
                澳门能寄吗
                单号查不到物流信息
                发货了会短信通知吗
                零食夏天是冷链发吗
                这个大件走德邦还是普通快递
                {p}和{p2}是一起发还是分开发
                显示已揽件 大概啥时候到{city}
                包裹被退回发件地了 怎么回事
                can you ship express
                can i pick it up myself
                will it arrive before the weekend
                can you combine my orders into one parcel
                do you ship on sundays
                who pays the customs fees
                is it air or sea shipping
                tracking number shows nothing
                my parcel is stuck in customs
                out for delivery since morning still nothing
                can you hold my order until next week
                can the courier leave it at the door
                estimated delivery date to {city}?
                do you ship to the US
                does it ship from a local warehouse
                can i change the recipient name
                how will i know when it ships
                能发DHL吗
                tracking号在哪里看
                cutoff time是几点
                ETA大概几天
                能寄到Hong Kong吗
                express加急要加多少运费
                转运仓address可以吗
                物流status一直是pending
                """);
        put(Intent.COMPLAINT, """
                滤镜开这么大 实物丑死了
                美颜开成这样 骗谁呢
                说原价几百 根本就没这个价
                天天说限量 骗人的吧
                倒计时天天都有 全是套路
                删我评论什么意思
                凭什么把我拉黑
                问个问题就禁言我？
                问了十遍都不回 什么主播
                主播回答问题太敷衍了
                纯纯scam 智商税
                这质量也好意思卖这个价
                尺码表完全不准 坑死了
                退个款推三阻四的
                客服只会复制粘贴
                再这样我去消协投诉你们
                已经截图了 等着被曝光吧
                我要发小红书避雷你们家
                主播说话阴阳怪气的
                is this how you treat loyal fans
                就会割韭菜
                老粉还不如新人 寒心
                做工这么粗糙还卖这么贵
                三无产品吧这是
                主播只会念script
                total waste of my time
                我就不该信你们
                踩雷了 大家别买
                优惠券根本用不了 骗人
                the filter makes everything look better than it is
                stop deleting my comments
                why did you block me
                you muted me just for asking a question
                your limited stock is always fake
                that original price is made up
                this shop is just a cash grab
                im leaving one star reviews everywhere
                going to post about this shop online
                you only answer people who already bought
                dont trust this seller
                worst purchase of my life
                so unprofessional
                客服一直auto reply 烦死了
                主播attitude也太差了
                每次都说sold out 骗人的吧
                """);
        put(Intent.SPAM, """
                无抵押贷款 当天放款 {phone}
                代开各类发票 联系{wx}
                办证刻章 加{wx}
                注册就送88 {url}
                跟我买彩票稳赚不赔 加{wx}
                免费荐股 进群加{wx}
                外汇带单 月入十万 私我
                千粉号出售 价格私聊
                出售带货账号 {phone}
                直播带货培训 包教包会 加{wx}
                手工活外发 在家就能做
                游戏代练 {wx}
                恭喜你中奖了 领奖加{wx}
                进群免费领资料 {url}
                来我直播间 同款半价
                同款我家店铺更便宜 搜{wx}
                有声书配音兼职 日结
                主播脑子有病吧
                丑八怪赶紧下播
                废物主播
                楼上的闭嘴吧你
                买的人都是韭菜 傻不傻
                长成这样也敢开播
                hot singles in your area {url}
                instant loans no credit check {phone}
                work from home 500 a day whatsapp {phone}
                10k followers for only {price} dm me
                same stuff way cheaper in my shop
                free iphone giveaway at {url}
                join my telegram group for trading signals
                earn money watching videos link in bio
                i sell verified accounts message me
                looking for a sugar baby dm me
                you are so annoying shut up
                nobody wants to watch you
                everyone in this chat is a loser
                what a clown lol
                go cry somewhere else host
                加我wx{wx} 带你做跨境
                dm我 有一手货源
                我主页有link 免费领
                ins搜{wx} 有惊喜
                host真是个loser
                刷粉刷赞 {price}一千个 加{wx}
                点{url}下载app 注册送现金
                """);
    }

    private static void put(Intent intent, String block) {
        TEMPLATES.put(intent, Arrays.stream(block.split("\n")).map(String::strip).filter(s -> !s.isEmpty()).toList());
    }

    private TrainingOnlyTemplates() { }
}
