package io.liveharness.router.dataset;

import java.util.List;

/** The kinds of rooms the generator simulates, with their vocabulary. */
final class Catalogue {
    static final List<Room> ROOMS = List.of(
            new Room("women's clothing",
                    List.of("连衣裙|dress", "T恤|t-shirt", "卫衣|hoodie", "阔腿裤|wide-leg pants", "针织衫|cardigan",
                            "半身裙|skirt", "衬衫|shirt", "风衣|trench coat"),
                    List.of("S", "M", "L", "XL", "XXL", "均码", "160/84A", "165/88A"),
                    List.of("纯棉|cotton", "雪纺|chiffon", "真丝|silk", "羊毛|wool", "涤纶|polyester", "亚麻|linen")),
            new Room("menswear",
                    List.of("羽绒服|down jacket", "牛仔裤|jeans", "夹克|jacket", "polo衫|polo shirt", "休闲裤|chinos",
                            "冲锋衣|windbreaker"),
                    List.of("M", "L", "XL", "2XL", "3XL", "175/92A", "180/96A"),
                    List.of("纯棉|cotton", "鹅绒|goose down", "鸭绒|duck down", "牛仔布|denim", "尼龙|nylon")),
            new Room("shoes",
                    List.of("小白鞋|white sneakers", "运动鞋|running shoes", "马丁靴|boots", "凉鞋|sandals",
                            "帆布鞋|canvas shoes", "拖鞋|slippers"),
                    List.of("35", "36", "37", "38", "39", "40", "41", "42", "43", "44"),
                    List.of("真皮|leather", "网面|mesh", "帆布|canvas", "橡胶|rubber", "EVA|EVA")),
            new Room("beauty",
                    List.of("口红|lipstick", "粉底液|foundation", "面膜|face mask", "精华|serum", "防晒霜|sunscreen",
                            "眼霜|eye cream", "洗面奶|cleanser", "气垫|cushion"),
                    List.of("30ml", "50ml", "100ml", "小样", "正装", "两支装", "01号色", "03号色"),
                    List.of("玻尿酸|hyaluronic acid", "烟酰胺|niacinamide", "氨基酸|amino acid", "植物|plant extract")),
            new Room("snacks",
                    List.of("牛肉干|beef jerky", "坚果|mixed nuts", "螺蛳粉|river snail noodles", "辣条|spicy strips",
                            "蛋黄酥|egg yolk pastry", "咖啡|coffee", "燕麦片|oatmeal"),
                    List.of("500g", "1kg", "一箱", "三袋装", "小包装", "礼盒装", "12包"),
                    List.of("原味|original", "麻辣|spicy", "无糖|sugar-free", "五香|five-spice")),
            new Room("electronics",
                    List.of("蓝牙耳机|earbuds", "充电宝|power bank", "手机壳|phone case", "数据线|charging cable",
                            "智能手表|smartwatch", "音箱|speaker", "平板|tablet"),
                    List.of("10000毫安", "20000毫安", "64G", "128G", "256G", "iPhone15", "Type-C"),
                    List.of("硅胶|silicone", "铝合金|aluminium", "塑料|plastic", "钢化玻璃|tempered glass")),
            new Room("home",
                    List.of("四件套|bedding set", "枕头|pillow", "不粘锅|non-stick pan", "保温杯|thermos",
                            "毛巾|towel", "收纳盒|storage box", "空气炸锅|air fryer"),
                    List.of("1.5米", "1.8米", "2米", "大号", "小号", "500ml", "5L"),
                    List.of("全棉|cotton", "乳胶|latex", "不锈钢|stainless steel", "陶瓷|ceramic", "竹纤维|bamboo")));

    static final List<String> COLOURS = List.of(
            "黑色|black", "白色|white", "红色|red", "蓝色|blue", "灰色|grey", "粉色|pink", "米色|beige",
            "卡其色|khaki", "绿色|green", "紫色|purple", "杏色|apricot", "藏青|navy", "黄色|yellow", "咖色|brown");

    static final List<String> CITIES = List.of(
            "北京|Beijing", "上海|Shanghai", "广州|Guangzhou", "深圳|Shenzhen", "杭州|Hangzhou", "成都|Chengdu",
            "武汉|Wuhan", "西安|Xi'an", "新疆|Xinjiang", "西藏|Tibet", "哈尔滨|Harbin", "香港|Hong Kong",
            "新加坡|Singapore", "马来西亚|Malaysia", "重庆|Chongqing", "南京|Nanjing");

    private Catalogue() { }
}
