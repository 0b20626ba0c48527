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

    public static final HookEnvironment ENV = new HookEnvironment(Map.of("product_lookup", PRODUCT_LOOKUP_SCHEMA),
            List.of("No medical or health claims.", "No off-platform payment, contact details or URLs."));

    private Fixtures() { }
}
