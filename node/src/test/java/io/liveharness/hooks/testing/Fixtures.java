package io.liveharness.hooks.testing;

import io.liveharness.harness.HookEnvironment;

import java.util.List;
import java.util.Map;

/** The default harness's tool and prohibitions, as hooks see them. */
public final class Fixtures {
    public static final String PRODUCT_LOOKUP_SCHEMA = """
            {"type": "object",
             "properties": {
               "productId": {"type": "string"},
               "size": {"enum": ["S", "M", "L"]}
             },
             "required": ["productId"],
             "additionalProperties": false}""";

    /** What product_lookup answers for dress-101, as the facts of a turn. */
    public static final String DRESS_101 = """
            {"id": "dress-101", "name": "碎花雪纺连衣裙", "price": 159.0, "stock": 42, "sizes": ["S", "M", "L", "XL"],
             "shipping": "48小时内发货, ships within 48 hours", "returns": "7天无理由退货"}""";

    /** The tech room's two products as context load puts them among a turn's facts (with their keywords). */
    public static final String EARBUDS = """
            {"id": "earbuds-201", "name": "AirLite Pro 降噪蓝牙耳机 noise-cancelling earbuds", "price": 299.0, "stock": 120,
             "shipping": "24小时内发货, ships within 24 hours", "keywords": ["耳机", "降噪", "earbuds", "anc"]}""";
    public static final String POWER_BANK = """
            {"id": "powerbank-202", "name": "20000mAh 快充充电宝 fast-charge power bank", "price": 129.0, "stock": 0,
             "shipping": "补货中, ships within 5 days of restock", "keywords": ["充电宝", "power bank", "mAh"]}""";

    public static final HookEnvironment ENV = new HookEnvironment(Map.of("product_lookup", PRODUCT_LOOKUP_SCHEMA),
            List.of("No medical or health claims.", "No off-platform payment, contact details or URLs."));

    private Fixtures() { }
}
