package io.liveharness.router.dataset;

import io.liveharness.router.Intent;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Templates for training only, in the slot syntax of {@link TemplateBank}: written after the test
 * split had been drawn from that bank, by writers who saw one training message per training
 * template and none of the test split, to add phrasings and concepts (a second and a third round
 * aimed at the label boundaries cross-validation on train showed weak). They never enter the test split, and
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
                求{p}的尺码表
                想看{c}上身效果
                {h} {w}斤 求推荐个码
                纠结{c}和{c2}
                {k}号和{k2}号 都是{m}的吗
                三个颜色都有{s}吗
                {p}和{p2}都是现货吗
                {k}号 {k2}号 价格
                {p}克重
                {c}的{s} 剩几件
                {c}那件能拿近点看看吗
                坐着会勒肚子吗
                耳钉是纯银的吗 我金属过敏
                戒指有几个圈号
                小腿粗 靴筒多宽
                头围大 帽子能戴吗
                手腕细 表带能调吗
                镜框能配近视片吗
                扫地机能爬门槛吗
                投影仪白天能看清吗
                吹风机是负离子的吗
                电动牙刷的刷头好买吗
                滤芯多久换一次
                床垫有没有甲醛
                沙发套能拆下来洗吗
                含花生吗 我过敏
                咖啡豆是中烘还是深烘
                茶叶是今年的新茶吗
                月饼是混装口味吗
                防晒需要卸妆吗
                精华和面霜先用哪个
                {p}配{p2}好看吗
                这条裙子配什么鞋
                想买给我爸 {h} {w}斤
                给{n}岁小孩 选哪个码
                这几款哪个最耐穿
                {p}和{p2}一个价吗
                {k}号什么料子
                三件都是同一个面料吗
                成分表发一下
                size chart?
                link {k} material
                any {c} left in {s}
                need a {s} in {c}
                looking for something for dry skin
                {h}, {w}, curvy hips. size?
                wide calves here, will the boots fit
                do the earrings contain nickel
                what ring sizes do you have
                can the robot vacuum handle carpet
                is the projector bright enough for daytime
                are replacement brush heads easy to find
                any nuts in it? i'm allergic
                is the coffee light or dark roast
                which goes first, serum or cream
                does the {p} go with the {p2}
                which pants would match this top
                are all three the same fabric
                {p} vs {p2}, which lasts longer
                same price for every color?
                is link {k} just link {k2} in another color
                torn between {c} and {c2}
                buying for my dad, he's {h}
                any pockets?
                is it waterproof or just water resistant
                good gift for a {n} year old?
                will it fit in a carry-on
                how big is it compared to a phone
                {k}号有size chart吗
                {c} {s} 还有stock吗
                {p}和{p2}哪个更durable
                这个toner用完要rinse吗
                {p}有refill装吗
                {k}号的length多少
                earbuds能单只用吗
                这个set每件都是{m}吗
                吹风机是universal voltage吗 出国用
                这个帽子适合big face吗
                dry skin选{k}号还是{k2}号
                {p}和{p2} match吗
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
                前排围观
                沙发是我的
                潜水好久了 冒个泡
                恭喜主播破万粉
                主播换上{p}整个人都亮了
                看主播试吃{p} 口水都流下来了
                主播吃{m}味那个表情好幸福
                上次买的{p}穿去约会了 被夸了好开心
                穿着{s}码那件去上班 同事都说好看
                今晚已经下单{n}件了 哈哈 手停不下来
                主播介绍{p}像在讲故事 好好听
                主播今天这身{c}配色太会了
                主播穿{c}像明星走红毯
                主播试{s}码那件的时候像模特
                我妈说主播像她年轻的时候
                分享给闺蜜了 她马上就来
                学生党 过过眼瘾就好
                打工人下班第一件事就是来看你
                坐月子无聊 天天来陪你
                宝宝终于睡着了 妈妈的直播时间到了
                主播你那边下雪了吗
                主播嗓子有点哑了 多喝热水
                主播染头发了 好适合你
                主播的口头禅好魔性
                刚刚那个笑容我截图当壁纸了
                今天跟主播学会分{m}和{m2}了 涨姿势
                今天我生日 主播祝我生日快乐嘛
                我考试过了 来跟主播分享一下
                每次看你都好治愈
                主播别太累了 早点休息
                恭喜主播今晚大卖
                主播推荐的{m}味我已经吃上瘾了
                我老公也被我拉来看了
                连续打卡第{n}天
                主播讲到{p}眼睛都在发光
                first comment of the night
                lurking as usual, just saying hi
                just shared the stream with my sister
                congrats on 10k followers
                you look amazing in the {c} one
                watching you taste the {p} is making me drool
                wore the {p} to a party and got so many compliments
                already bought {n} things tonight oops
                my wife got me hooked on this stream
                watching on the train home
                baby's finally asleep, mom's stream time
                stayed up late just to catch you
                what do you do on weekends host
                your voice sounds a bit hoarse, rest up
                love the new hair color
                your catchphrase cracks me up
                it's my birthday today, say happy birthday to me
                i passed my exam today and had to tell someone
                you and your assistant are so in sync
                your dog just walked by, so cute
                前排support主播
                主播穿{c}那件好有feel
                宝宝睡了 me time开始
                主播换mic了吧 sound好清楚
                后面staff笑出声了 哈哈
                主播fighting 冲冲冲
                主播试吃{p}的reaction好真实
                主播和助播好有chemistry
                加班到现在 来recharge一下
                不买也要来say hi
                the video quality is so crisp tonight
                haha you almost said the wrong word, so cute
                you make the {c} look so elegant
                respect, you never miss a day
                greetings from a night shift worker
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
                你说的是十四还是四十
                我听成{c}了 是{c2}吗
                你说的小码是S还是XS
                刚说显瘦 是说{c}还是所有颜色都显瘦
                你说的{m}是里料还是面料
                你刚拿起来那个是{p}吗
                不对吧 刚才说的是{k}号
                你说{m} 详情页写的{m2} 以哪个为准
                你说的{s}是国内码还是欧码
                你说的腰围是平铺量的还是拉开的
                你说的米白跟奶白是一个色吗
                刚那个是{c}吗 我看着像{c2}
                哦 所以{p}不是{m}的
                是你的左边还是我们看的左边
                上面那排还是下面那排
                说反了吧 刚不是说{c}偏大吗
                你是说{c}和{c2}一个价？
                刚说换链接了 现在{k}号是哪个
                刚说的是有还是没有
                你刚说可以还是不可以啊
                主播刚才点头是啥意思
                你说差不多 是差多少
                你说的偏大是长了还是宽了
                刚那个回答是说{s}还是{s2}
                为啥{s}反而更小 没懂
                刚才演示那下没看清 再来一次
                你刚说{s}有货 我这显示没了 到底有没有
                所以{p}和{p2}是同一个厂的？
                能用普通话再说一遍吗
                你说的一点点到底是多少
                fifteen or fifty?
                did you say sixteen or sixty
                is that {c} or did i hear {c2}
                hold up, you just said the opposite
                you said it was {m} a minute ago
                so the one on the rack, not the one you're wearing?
                the one you just put down?
                your left or our left?
                so the {c} one is the cheaper one?
                wait, {price} was for the {p}, not the {p2}?
                did you mean the {s} runs big or the {s2}
                sorry, which one has the pockets, the {c} one?
                which one did you say was {m}
                back up a sec, what was the {p} price
                you nodded, so that's a yes?
                what does slightly mean here, like half a size?
                by big you mean long or wide?
                can you say that in english
                can you show that part again, i missed it
                so {s} is fine even though i'm {h}?
                you mean me or the person above?
                你刚说的size是US还是EU
                等下 link {k}现在换成啥了
                你说的true to size 是说{p}吗
                刚才那个price是{c}的吗
                你说的薄是跟{p}比还是in general
                刚那个demo能replay一下吗
                所以{c}是limited的意思？
                你说的差不多 是same size的意思吗
                你说的{n} months是warranty还是保质期
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
                说是{m}的 收到吊牌写的涤纶 要退款
                {p}收到已经化了 能补发吗
                {p}保质期只剩一个月了 能换个新批次吗
                {p}充不进电 能换新的吗
                {p}蓝牙一直连不上 怎么售后
                {p}保修是全国联保吗
                {p}能买延保吗
                {p}过保了 换个电池大概多少钱
                刚拍的{c}拍错了 能取消订单吗
                拍错码了 还没发货 能帮我改成{s}吗
                退款没退运费 怎么回事
                收到的和{k}号链接里的不是同一款 要换
                收到的{p}只有半瓶 能补一瓶吗
                发票上的金额跟实付的{price}对不上
                怎么转人工客服
                发的是旧款 不是直播里的新款 给我换一下
                退货能到付吗
                {p}的充电线坏了 能单独补寄一根吗 付钱也行
                送修要多久能寄回来
                屏幕摔碎了在保修范围内吗
                {p}进水了还能保修吗
                刻字的能退吗
                能先把新的发给我 我再寄回旧的吗
                {p}少了几颗螺丝 装不上
                {p}开机一直重启 要换新
                拒收了 钱什么时候退回来
                保修期从哪天开始算 签收还是下单
                想把退货改成换货 可以吗
                退货寄回去要附上纸条写订单号吗
                售后处理结果不满意 能重新申请吗
                can i get an itemized invoice for the {p}
                do i have to use a specific courier for the return
                i ordered the wrong color, can you switch it to {c} before it ships
                is the warranty valid internationally, i live in {city}
                where do i register my {p} for warranty
                the {p} came with the wrong plug for my country, can you send an adapter
                the heel on my {p} snapped after {n} days, can i get a new pair
                i already exchanged once and it still doesn't fit, can i exchange again
                the {p} i got is last season's model, not the one from the stream, please exchange it
                part of my set is a different shade of {c}, can i swap it
                how do i reach a real person about my return
                what hours is after sales support open
                the return window says {n} days, does that start from delivery
                i picked refund only by mistake, can i change it to return and refund
                the {p} screen has a yellow tint, is that covered
                my {p} arrived with a cracked lid, can you send a replacement lid
                the {p} keeps overheating, i want a replacement
                how do i appeal a rejected return claim
                please refund the return postage, you sent the wrong item
                can i get the price difference back if i exchange for the cheaper {c2} one
                the {p} is missing its dust bag and box, can you send them
                can i get a replacement remote for my {p}, mine stopped working
                想return那件{c}的 吊牌还在 怎么操作
                {p}的zipper卡住拉不动 能repair吗
                order {order} 还没ship 想cancel
                收到的{p}一直leaking 要换新
                {p}的size偏大 exchange成{s}要等多久
                {p}的{m}掉皮了 才用{n}周 能claim吗
                {p}是official warranty还是店保
                退款原因选了size不合适 会扣钱吗
                {p}的strap断了 spare part能单买吗
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
                {c}的也参加秒杀吗
                {s}码也是活动价吗
                {c}款是不是用不了券
                {m}款和{m2}款优惠一样吗
                买{p}送{p2}吗
                {p}满{price}减多少
                拍{c}和{c2}各一件能打折吗
                主播身上这件{c}的有活动价吗
                两件{s}码能按一件的价给吗
                {price}两件行不行 行就拍
                我拍{n}件{c}的 送个{p2}呗
                加{price}能换购{p2}吗
                有没有加价购
                满{price}送的赠品是哪个
                秒杀的{s}码抢完了吗
                618会比现在便宜吗
                周年庆有折扣吗
                店庆还有几天 现在买亏不亏
                母亲节送妈妈有啥活动
                开学季学生有专属价吗
                会员日是每月几号
                支持{n}期免息吗
                分期有没有免息券
                主播去找老板申请一下 再降{n}块
                老板在吗 给个面子打个折
                刚才还是{price} 现在还能按这个价拍吗
                点赞抽{p}是真的吗
                每天签到能领券吗
                家庭装能多送几包吗
                这个价能保到双十一吗
                is the {c} one included in the sale
                does the coupon work for size {s}
                any discount if i get it in both {c} and {c2}
                can i add {price} to get the {p2} as well
                any add-on deals with the {p}
                is there an interest-free installment option
                will the 618 sale beat today's price
                any anniversary sale coming up
                mother's day deal on the {p}?
                any promo on the {m} version
                buy the {p} and get the {p2} free?
                is the flash sale price for size {s} too
                throw in a {p2} and i'll grab {n}
                {price} for both and we have a deal
                go ask your boss for a better price
                are the {c} ones on clearance
                is the {p} one of the giveaway prizes
                does the daily check-in give a coupon
                do i earn reward points buying the {p}
                what free gift do i get if i spend {price}
                {c}款有coupon吗
                {s}码也参加flash sale吗
                买{p}送的{p2}是真的free吗
                加{price}换购{p2} 这个add-on还有吗
                installment能免息吗
                {m}款有discount吗
                {p}和{p2}一起买有bundle价吗
                这个deal {c}和{c2}都能用吗
                新人价能用在link {k}吗
                中奖的{p}能换成{c}的吗
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
                {c}的{p}今天能发出吗
                拍了{c}和{c2}两件 是一个包裹寄吗
                {p}现货 {p2}预售 会等齐了一起发吗
                下周要穿{p}去喝喜酒 周五前能到吗
                {p}这天气寄过来会不会化掉
                这单才{price} 要自己付运费吗
                已经发货了 还能拦截改地址吗
                能寄到部队吗
                我在{city}出差 能寄到酒店前台吗
                地址少写了门牌号 快递能送到吗
                包裹里别放价格单 是直接寄给朋友的
                显示已出库 但一直没有揽收记录
                台风天{city}这边还能正常发货吗
                快递被门卫代签了 我都不知道
                物流显示到{city}了 怎么又往回走了
                拍了{n}件 只有一个单号 是分开发吗
                {c}{s}码那件还在待发货 啥时候能发
                {p}路上要走几天 怕不新鲜
                派件员电话一直打不通
                {p}能寄到海南吗 运费多少
                能指定周六送吗 工作日家里没人
                付完尾款多久发货
                预售写{n}天内发货 是从今天开始算吗
                物流显示疑难件是什么意思
                {p}和{p2}一起拍 运费只算一份吗
                {p}挺贵的 发货能保价吗
                能先验货再签收吗
                拼单的要等成团了才发货吗
                秒杀抢到的{p}什么时候发
                用券买的会不会发货慢一点
                will the {c} {p} ship out today
                is the {s} going to ship later than the rest of my order
                need the {p} for a trip on friday, will it get here in time
                can you send it to my hotel, i'm traveling
                do you ship to military addresses
                it already shipped, can you intercept it and redirect it
                tracking says it went to the wrong city
                the courier wants me to collect it from the depot
                is the {p} insured during shipping
                can i open and check the parcel before signing
                preorder says {n} days, does that start from today
                when do the flash sale orders ship
                do group buy orders only ship after the group fills
                can i upgrade to express after i already paid
                will the {p} melt in transit, it's really hot here
                the courier asked for a delivery code, where do i find it
                is there a cheaper, slower shipping option
                does it come with a tracking number
                my tracking says exception, what does that mean
                is the {p} shipped in its original box
                if i add the {p2} do i get free shipping
                {c}那件{p}几号ship
                standard和express差几天到
                {p}这种大件有额外shipping fee吗
                直播间下单和店铺下单 shipping一样快吗
                签收要出示ID吗
                海外地址填English可以吗
                收件人可以写nickname吗
                快递员让我再付一次COD 我已经付过了
                刚下单就显示shipped了 是真的发了吗
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
                说好的{m} 一烧就卷边 明明是化纤
                标着{s} 自己称了一下差一大截 黑心
                拿临期货当新品卖 良心不会痛吗
                主播连{p}是啥材质都说不清 还好意思卖
                问{c}你答{c2} 答非所问 敷衍
                一直催下单催下单 烦不烦啊
                主播说自己穿{s} 明显不止 骗谁呢
                包装简陋得跟地摊货一样 还卖{price}
                赠品比正品还烂 打发叫花子呢
                福袋里全是清库存的破烂
                满减算下来比原价还贵 玩数字游戏
                主播翻白眼什么意思 看不起人？
                讲了半小时还不上{p} 故意拖时间
                标题写{price} 点进来根本不是这个价 标题党
                用了脸上起疹子 还说敏感肌能用 骗子
                洗一次掉色成这样 还好意思说不掉色
                标{s}的内存 能用的一半都不到 虚标
                说零添加 配料表一长串添加剂 骗谁
                同一款换个{c}就贵{n}十 割韭菜割上瘾了
                刚付款就说没货 耍人玩呢
                刚才说纯棉 现在又说混纺 把我们当傻子
                抄人家大牌的设计还好意思卖
                莫名其妙还收包装费 吃相难看
                客服让我找主播 主播让我找客服 踢皮球是吧
                给了差评就打电话骚扰我 什么店啊
                好评返现这种操作太low了
                吃了{p}闹肚子 黑心食品
                {h}穿你推荐的码 紧得喘不过气 瞎推荐
                说{c}显白 我穿上黑了八度 无语
                {p}成本几十块 卖{price} 暴利
                you said {m}, it's clearly polyester. liars
                size {s} fits like a kids size, what a joke
                {price} for this junk? daylight robbery
                so the waterproof {p} died in light rain. great
                you hiked the price right before the sale, shady
                the free gift is literally trash
                the lucky bag was full of leftover junk
                i broke out in a rash and you said it was for sensitive skin
                stop rushing us to checkout, so pushy
                customer service and the host keep passing me back and forth
                left a bad review and now you keep calling me. creepy
                paying people for 5 star reviews? pathetic
                the host doesn't even know what the {p} is made of
                i asked about {c} and you rambled about something else, are you even listening
                it's way under the weight you advertised, ripoff
                you oversold and then cancelled my order, unbelievable
                extra charge for packaging? seriously?
                a cheap copy of someone else's design, shameful
                you keep contradicting yourself, who believes you anymore
                selling nearly expired stuff as fresh, disgusting
                "no added sugar" and sugar is the second ingredient, liars
                直播间说全网lowest price 结果别家便宜{n}十
                {price}买的这个quality 真的rip off
                主播一直push下单 好烦
                {p}的battery虚标 欺骗消费者
                说sensitive skin能用 我用完烂脸了
                只会说best quality 到手一拉就开线
                要我删差评才给处理 什么logic
                商品title写的{m} 详情页又写别的 欺诈
                买之前叫亲 买了就不reply 两副面孔
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
                {p}一手货源 一件代发 加{wx}
                高仿{p} 1比1做工 {wx}
                您的快递已丢失 理赔请加{wx}
                平台客服通知 你的订单异常 点{url}处理
                主页橱窗{p}只要{price} 比这便宜一半
                招买家秀模特 免费拿{p} 加{wx}
                招募试用员 免费领{c}{p} {url}
                收好评截图 一张{n}块 秒结
                {p}代理 零门槛 躺着月入过万
                线上娱乐城 首充就送{price} {url}
                直播间人气{price}一千 真人挂机
                0元领{p} 只付运费 {url}
                代办签证护照 加急出 {phone}
                直播间自动弹幕软件 加{wx}
                救救孩子 捐款链接{url}
                zb官方粉丝群 进群返现{price} 加{wx}
                我是店里客服 私下转账能便宜{price}
                我是主播本人 小号{wx} 加我送{p}
                三十天瘦{n}十斤 不反弹 加{wx}
                主播穿{c}像头猪 别丢人了
                主播胖成这样还穿{s} 辣眼睛
                问{s}码的 自己没长眼吗 蠢货
                这么丑的{p}也就你们这群土包子抢
                主播那张脸再多滤镜也救不了
                收各品牌{p}库存 现金回收 {phone}
                家人们帮我砍一刀 点{url}
                same {p} for half the price at {url}
                wholesale {p} straight from the factory, whatsapp {phone}
                become a reseller, we dropship for you, dm me
                your parcel was lost, claim compensation at {url}
                product testers wanted, get free {p}, dm me
                get paid {price} for every 5 star review
                real live viewers for sale, {price} per 1000
                online casino, free {price} bonus at sign up {url}
                free {p}, just pay shipping at {url}
                free NFT airdrop, connect your wallet at {url}
                please donate to help my sick mom {url}
                official fan group of the host, join for a free {p} {url}
                i work for this shop, pay me directly and save {price}
                lose weight fast with my detox tea, dm me
                that {c} dress makes you look like a trash bag
                whoever buys this {p} is a total idiot
                you're way too fat for a size {s}, give up
                bot that spams comments in any live room, dm for price
                {p}同款 低价出 加V{wx}
                想做brand ambassador的 加{wx} 免费拿{p}
                评论区问{s}的都是noob 闭嘴吧
                代购{p} 专柜price五折 dm我
                loser才买这个{p}
                想要{p}的扫码进群 group里更便宜 {url}
                """);
    }

    private static void put(Intent intent, String block) {
        TEMPLATES.put(intent, Arrays.stream(block.split("\n")).map(String::strip).filter(s -> !s.isEmpty()).toList());
    }

    private TrainingOnlyTemplates() { }
}
