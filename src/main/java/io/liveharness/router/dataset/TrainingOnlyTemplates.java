package io.liveharness.router.dataset;

import io.liveharness.router.Intent;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Templates for training only, in the slot syntax of {@link TemplateBank}: written after the test
 * split had been drawn from that bank, by writers who saw one training message per training
 * template and none of the test split, to add phrasings and concepts (a second round aimed at the
 * label boundaries cross-validation on train showed weak). They never enter the test split, and
 * one whose messages come near a test message is left out ({@link NearCopies}).
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
                主播身上这件有{c}吗
                主播头上那个发夹有卖吗
                主播耳环是几号链接
                主播戴的手表是哪一款
                背景架子上那个包卖吗
                主播今天涂的口红是什么色号
                主播脚上这双是哪个链接
                这件好好看 有大码吗
                主播这件外套是{m}的吗
                你旁边那个杯子是在卖的吗
                主播穿着腰这里紧不紧
                我跟主播身材差不多 拍一样的码行吗
                实物颜色跟镜头里一样吗
                灯光下看着偏黄 实物是什么颜色
                {p}单价多少
                {p}多少钱一斤
                这个价是一件还是一套
                一套多少钱 包括裤子吗
                {k}号大概什么价位
                标价是一只还是一对的
                大瓶装卖多少钱
                面膜一盒几片
                屏幕是几寸的
                羊毛含量多少
                穿着起静电吗
                能扛零下十度吗
                包包重不重 拎久了累吗
                裙子有口袋吗
                是九分裤还是长裤
                领口大不大 弯腰会走光吗
                袖子长吗 我手臂比较长
                梨形身材能穿吗
                鞋子是正码吗
                鞋垫可以拆下来吗
                下雨天能穿吗
                油皮夏天用会闷痘吗
                粉底液是哑光还是水光
                能遮住痘印吗
                进口的有中文标签吗
                有质检报告吗
                里面有防腐剂吗
                坚果是原味还是盐焗的
                口味偏甜吗
                牛肉干硬不硬 老人咬得动吗
                咖啡是速溶还是挂耳的
                含咖啡因吗 晚上能喝吗
                充电宝是多少毫安的
                盒子里都有哪些配件
                锅多大 适合几口人用
                锅把手会烫手吗
                枕头是高枕还是低枕
                床单是纯棉还是磨毛的
                和去年那款有什么区别
                哪个颜色比较耐脏
                白色穿久了会发黄吗
                适合通勤穿吗
                几个月的宝宝能用
                家里有猫 会不会被抓坏
                能放微波炉加热吗
                保温杯能保温几个小时
                内胆是316不锈钢吗
                毛衣扎不扎皮肤
                鞋底软吗 走久了脚疼不疼
                坚果好剥吗 有没有壳
                what lipstick shade is the host wearing
                are the earrings you have on for sale
                which link is the bag behind you
                is the top you're wearing from this shop
                is it more beige or grey in person
                how much is one box
                is the price per piece or per set
                how much per kilo
                is that price for a pair
                is it high waisted
                are the straps adjustable
                is the neckline low cut
                will it fit a 13 inch laptop
                is it noisy when running
                does it have a timer
                what's the battery capacity
                is the battery replaceable
                does it come with a charger in the box
                is it refurbished or brand new
                is it dermatologist tested
                will it clog my pores
                how long does the scent last
                what does it smell like
                is it ready to eat
                how many servings per pack
                will it stretch out over time
                is the zipper metal or plastic
                can i wear it to a wedding
                i'm usually a {s} in Zara, what size here
                is this the latest model
                is the wool itchy
                拉链是YKK的吗
                这个serum是什么texture
                口红是matte还是satin的
                这个支持wireless charging吗
                屏幕是OLED的吗
                说明书是English的吗
                主播身上的cardigan有{c}吗
                price包含那个belt吗
                {c}实物会比camera里深吗
                一个set里有几件
                这款跟Dyson比怎么样
                有没有mini size的
                这个power bank能带上飞机吗
                耳机是Bluetooth还是有线的
                fit是宽松的还是slim的
                how many speed settings does the fan have
                does the perfume come as a spray or roll on
                is the cream greasy
                will the paint chip over time
                what's the net weight
                is the phone storage expandable
                can you stack the storage boxes
                does it work with UK plugs
                is the blanket warm enough for winter
                is the jacket windproof
                does the mascara smudge
                are the pearls real
                which one would suit a teenager
                does the lamp have a warm light mode
                is the mattress firm or soft
                这个香水是EDP还是EDT
                口红会不会dry嘴唇
                这个blush是粉调还是橘调
                耳机的latency高吗 打游戏用
                这双sneakers适合跑步吗
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
                主播穿{c}真好看
                主播这身穿搭我能看一天
                主播今天的耳环好闪
                主播的美甲好好看
                主播身后的书架好有格调
                直播间重新布置过吧 好温馨
                看你吃{p}我都饿了
                大半夜看试吃 罪过罪过
                主播试穿的样子好有范
                这件我妈也有一件差不多的 哈哈
                上次在这买的{p}我妈超喜欢 谢谢主播
                主播今天戴眼镜了 好斯文
                主播穿啥都好看 衣架子
                主播腿好长 羡慕
                主播身材这么好 平时健身吗
                主播每天要试多少件衣服啊 好辛苦
                主播换衣服好快 跟变魔术一样
                弹幕刷得好快 都看不过来
                我就看看不买 哈哈
                钱包已经空了 只能看看了
                刚发工资 来逛逛
                我老公问我怎么又在看直播
                听主播讲解好专业
                主播懂得真多 涨知识了
                今天是哪个小姐姐在播呀
                之前那个主播去哪了
                主播生日快乐
                祝大家中秋快乐
                今天{city}好热 大家注意防暑
                边做饭边看
                主播比个心
                主播看到我了吗
                在这买了{n}年了 老顾客了
                撞衫了 我今天也穿的{c}
                主播好会搭配 学到了
                现在的数字人做得太厉害了
                主播不用睡觉吗 天天都在播
                你是哪家公司做出来的呀
                主播能听懂方言吗
                主播你喜欢什么颜色
                主播是什么星座的
                帮我跟我闺蜜打个招呼 她也在看
                love your outfit today
                that color really suits you
                your earrings are so pretty
                your nails look amazing
                the background looks so cozy
                watching you eat makes me so hungry
                just browsing, not buying lol
                my wallet says no but im still here
                we're twinning, im wearing the same color
                you explain everything so clearly
                happy birthday host
                merry christmas everyone
                happy new year from {city}
                chat is moving so fast tonight
                who's hosting today
                do you ever get tired
                which company made you
                what's your favorite color
                what's your star sign
                can you wave at me
                say hi to my mom she's watching too
                can you say my name
                my cat is watching with me
                that dress looks stunning on you
                you make everything look good
                the {p} i got last time is great, thank you
                been buying here for years, love this shop
                are you the same host as yesterday
                主播今天outfit好好看
                这个vibe我爱了
                今天的background好cute
                主播每天都好energetic
                window shopping一下 不买哈哈
                主播wave一下嘛
                主播好professional 讲得好清楚
                今晚的BGM好上头
                主播你是什么MBTI
                下班路上watching 好解压
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
                你刚是说能机洗？
                你是说不起球对吧
                刚说偏大还是偏小来着
                所以要拍大一码是吧
                所以正常码就行？
                所以我拍{s}对吧
                你报的是{p}的价还是{p2}的价
                你说的库存是总共还是每个颜色
                刚刚报的是腰围还是臀围
                你说的是厘米还是寸
                是斤还是公斤啊
                是单只还是一双的价
                一盒还是一箱啊
                声音断了 后面没听到
                弹幕挡住了 没看清
                刚去倒水了 讲到哪了
                刚进来 前面说的啥
                你说的"它"是哪个
                你确定是{m}的？
                刚才不是说没货了吗
                刚刚不是说{price}吗
                不是说只剩{n}件了吗
                前面不是说偏小吗 怎么又说正码
                从左边数还是右边数
                是指这件还是整套
                你说的{c}是偏深那个还是偏浅那个
                那男生呢
                那冬天呢
                那干皮呢
                就这些吗
                没了？
                你是在回答我吗
                刚刚那句能打字发一下吗
                主播说的方言没听懂
                你说的这个词啥意思
                嗯？说的哪个
                刚才那个是第几个
                等等 怎么又变了
                wait, you said it runs small?
                so you're saying size up?
                was that per piece or for the set
                is that in cm or inches
                kg or pounds?
                my screen froze, what did i miss
                audio cut out, can you repeat that
                the comments covered it, what was the number
                just joined, which one are we on
                is that answer for me?
                hang on, i thought you said it was sold out
                didn't you just say {price}
                you said {n} left earlier?
                wait, so it's not waterproof?
                the whole set or just the top?
                you mean the darker one?
                which size was that again
                and for guys?
                and for kids?
                that's it?
                meaning what exactly
                can you type it in the chat
                is that for both colors
                did you say {m} or {m2}
                刚才lag了 前面说的哪款
                cm还是inch啊
                你是在reply我吗
                等等 so 不能机洗？
                刚刚那个number再说一下
                所以到底true to size吗
                per box还是per pack
                wait 刚说的那个我miss了
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
                买的{p}穿了两次就起球了 能退吗
                收到没有说明书 能补发一份吗
                刚拆开{p}有股刺鼻的味道 想退货
                收到的明显是别人用过的 有使用痕迹 给我换新
                防伪码扫了显示不存在 我要退货
                零食里吃出了头发 要求赔偿
                口红刚拆就断了 能补寄一支吗
                鞋底没穿几天就掉了 能修吗
                昨天买的今天降价了 能退差价吗
                买回来不会装 能上门安装吗
                退货原因选哪个啊 没有合适的选项
                不退货的话能补偿一点吗
                退回去的包裹被拒收了 怎么办
                换回来的还是坏的 能直接退款吗
                退货寄错地址了 怎么办
                手机送修期间有备用机吗
                序列号和盒子上的对不上 要退
                退款之后优惠券会退回来吗
                掉色把别的衣服染了 这个能赔吗
                耳机丢了一只 能单独补一只吗
                电子发票能换成纸质的吗
                买了一个月了 发票还能补开吗
                售后工单号在哪里看
                退款一直不处理 能申请平台介入吗
                保修卡上没盖章 以后还能保修吗
                the package was opened and two items are missing
                i got someone else's order in my box
                can i get a partial refund instead of sending it back
                the color washed out after one wash, i want a refund
                it smells like chemicals, can i return it
                how do i print the return label
                do you repair items bought last year
                my refund went to the wrong card
                can i get store credit instead of a refund
                what photos do you need for the claim
                it won't hold a charge anymore, is that under warranty
                the seal was already broken when it arrived, send me a new one
                the manual is missing from my box
                one glass in the set arrived shattered, can you resend it
                the free sample in my order was broken, can you send another
                my return request closed automatically, can i reopen it
                i sent it back but you say you never got it
                收到的{p}有个dent 能换吗
                退货pickup约了没人来 怎么办
                {p}的screen一直flicker 在保修内吗
                申请了refund 订单怎么还显示待发货 退成功了吗
                开VAT专票需要什么资料
                售后要什么proof 购买截图可以吗
                {p}用了{n}天battery就不行了 能保修吗
                这包{p}收到就胀袋了 要refund
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
                券后到手价是多少
                挂的{price}是到手价吗
                下单页面怎么没减钱
                领了券结算时没抵扣
                这个能用国补吗
                国补之后还能再叠券吗
                以旧换新有补贴吗
                用花呗付款有立减吗
                购物津贴能用在这个上面吗
                优惠券能用在{p}上吗
                这张券{k}号链接能用吗
                满减是按件算还是按单算
                拍一件是原价吗 两件才有优惠？
                第二件打几折
                单买没有优惠吗
                组合装比单买省多少
                {price}能卖吗
                价格还能商量吗
                拍下能改价吗
                错过秒杀了还能按秒杀价拍吗
                下播了还是这个价吗
                现在不拍一会儿会涨价吗
                这款会返场吗 返场还是这个价吗
                断码的有特价吗
                有瑕疵的能便宜处理吗
                清仓的在几号链接
                赠品价值多少钱
                多送{n}包呗 我马上拍
                免费试用怎么申请
                9块9专区在哪
                超级福袋几点开
                福袋奖品是实物还是券
                抽奖条件是啥 要关注吗
                整点红包有多少钱
                券抢光了还会再放吗
                为什么别人有券我没有
                直播间价格和店铺里一样吗
                三八节有活动吗
                年货节会打折吗
                百亿补贴有这款吗
                今天破价吗
                炸场福利几点上
                公司团购{n}件能便宜多少
                {p}加{p2}凑满减后一共多少
                差一点满减 推荐个凑单的
                秒杀还会补库存吗
                限时价还剩几分钟
                划线价是原价吗
                这次比上次直播便宜吗
                how much is it after the discount
                is {price} the final price after coupon
                is that the sale price or the regular price
                how much am i saving on this
                what percent off is link {k}
                is the discount applied automatically at checkout
                checkout still shows full price, where is my discount
                does the coupon work on items already on sale
                is this price only during the live
                will the {p} go on sale later
                should i wait for black friday or buy now
                how about {price} for two
                best price you can do?
                i'll take {n} if you knock a bit off
                is the free gift full size or a sample
                when are the giveaway winners announced
                do i have to follow to enter the draw
                are the display units any cheaper
                is there a trade-in offer for my old phone
                any cashback if i pay with paypal
                any extra off with a credit card
                did i miss the deal already
                how many coupons can i use on one order
                这个price是after coupon的吗
                用完券final price多少
                有trade-in优惠吗
                voucher只能用一次吗
                原价多少 sale price多少
                link {k}有giveaway吗
                flash sale错过了还会再开吗
                买{n}件有没有extra off
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
                住{n}楼没电梯 能送上楼吗
                香水能寄国外吗 快递收不收
                充电宝能走空运吗
                一单能拆成两个地址寄吗
                买来送朋友 能直接寄到他家吗
                赠品和正品是一起发吗
                福袋中的奖多久发货
                帮我催一下发货 急用
                拍了{n}天了还是待发货
                我在农村 能送到村里吗
                寄到学校宿舍能收到吗
                下雪天快递会延误吗
                能保证48小时内发出吗
                是工厂直发还是仓库发
                国内发货还是海外直邮
                海外直邮要身份证实名吗
                送货前快递会打电话吗
                晚上下班后能送吗
                快递柜取件码一直没收到
                物流显示我拒收了 可我没拒收啊
                订单{order}发出去了吗
                有{city}仓吗 发货能快点吗
                发货会包气泡膜吗
                缺码的那件能先把别的发了吗
                物流显示派送失败 怎么办
                快递送错小区了
                which warehouse will it ship from
                do i need an ID number for customs clearance
                can you ship liquids abroad
                can i split one order to two addresses
                can you ship it straight to my friend as a gift
                when does the giveaway prize get sent out
                order {order} still says processing
                what's the tracking for order {order}
                the courier keeps calling while i'm at work
                can it be delivered in the evening
                do you deliver to PO boxes
                will the holidays delay shipping
                tracking says delivery failed, now what
                can i reschedule the delivery
                will fragile items be bubble wrapped
                the parcel went to the wrong city
                订单{order}的tracking number发我一下
                清关customs一般卡几天
                双十一peak season发货会delay吗
                下单后多久能拿到tracking号
                送货上门要额外shipping fee吗
                快递员说地址incomplete 怎么办
                分开ship要再付运费吗
                restock之后能第一时间ship给我吗
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
                呵呵 就这？
                就这质量？笑死
                服了 真的服了
                失望透顶
                这家店真恶心
                又被割了一波
                一分钱一分货 我认栽
                说好的正品呢
                主播就会画大饼
                吹得天花乱坠 到手就这
                这也叫{m}？骗鬼呢
                一次比一次差
                你们家东西越做越差了
                信了你的邪
                我真是瞎了眼才买
                气得我手抖
                这服务态度还想要好评？
                敢不敢把差评放出来
                好评都是刷的吧
                销量也是刷的吧
                主播只顾着卖 根本不管售后
                别再忽悠老人了
                真当我们傻啊
                这价格抢钱呢
                主播选品越来越烂了
                就这还好意思叫大牌
                上次的事还没给说法呢
                后悔关注你们了
                浪费感情
                在你家买东西真心累
                wow just wow, what a joke
                nice scam lol
                100% cotton my foot
                thanks for nothing
                this is ridiculous
                you people are shameless
                i feel cheated
                never trusting a live seller again
                all the reviews here are fake
                stop scamming old people
                cheapest junk i've ever owned
                the quality keeps getting worse
                you used to be good, what happened
                so much for authentic
                what a letdown
                great, another broken promise
                you should be ashamed of yourselves
                fed up with this shop
                you delete every bad review
                is this a shop or a scam
                totally not worth the hype
                这quality真的绝了 反向的那种
                什么垃圾service
                说好的premium呢 就这？
                我真的speechless 什么破店
                又一次disappointed 不会再信了
                所谓的limited edition 到处都是
                主播的话我是一个字都不trust了
                感觉被当成韭菜 so annoying
                这就是你说的best seller？笑死
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
                售后理赔专员在此 退款加{wx}秒到
                代写论文 加{wx}
                驾照销分 {phone}
                征信修复 不成功不收费 {phone}
                网贷逾期协商 私我
                扫码免费领鸡蛋 {url}
                帮我投个票 {url}
                招聘主播 无经验可 底薪八千 加{wx}
                高价收购旧手机 {phone}
                出二手iPhone 便宜出 私我
                算命看风水 加{wx}
                数字人直播软件 一键开播 {wx}
                招点赞员 一个赞一毛
                刷礼物返利 {url}
                宝妈群进群领纸尿裤 {url}
                主播长得跟土豆似的
                主播智商堪忧
                评论区都是脑残
                你妈没教你说话吗
                低价出游戏皮肤 加{wx}
                your account has been flagged, verify at {url}
                i can fix your credit score dm me
                selling gift cards at 50% off message me
                need a loan? text {phone}
                we are hiring live hosts, no experience needed, dm me
                vote for me please {url}
                claim your refund here {url}
                get paid to like posts, message me
                your face could break a mirror lol
                host has the brains of a goldfish
                get lost, nobody asked you
                psychic readings, first one free, dm me
                cheap designer replicas, check my profile
                want an AI host like this? dm for the software
                USDT高价收 dm我
                招聘part-time主播 加{wx}
                主播IQ是负数吧
                视频VIP低价出 dm我
                点{url}帮我vote一下
                征信repair 加{wx}
                """);
    }

    private static void put(Intent intent, String block) {
        TEMPLATES.put(intent, Arrays.stream(block.split("\n")).map(String::strip).filter(s -> !s.isEmpty()).toList());
    }

    private TrainingOnlyTemplates() { }
}
