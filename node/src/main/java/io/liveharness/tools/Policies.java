package io.liveharness.tools;

import io.liveharness.config.YamlFiles;

import java.nio.file.Path;
import java.util.List;

/** The shop's rules: coupons and price rules, logistics, after-sales. Read once from a YAML file. */
public record Policies(List<Coupon> coupons, Logistics logistics, AfterSales afterSales) {

    public Policies {
        coupons = coupons == null ? List.of() : List.copyOf(coupons);
    }

    /** A coupon or price rule; {@code products} it applies to, empty meaning all. */
    public record Coupon(String id, String title, List<String> products, double minSpend, double discount,
                         String actionLinkId) {
        public Coupon {
            products = products == null ? List.of() : List.copyOf(products);
        }
    }

    public record Logistics(List<String> couriers, String deliveryDays, String freeShipping, List<String> remoteRegions,
                            String remoteNote) { }

    public record AfterSales(String returns, String exchange, String warranty, String damaged) { }

    public static Policies load(Path file) {
        try {
            Policies p = YamlFiles.read(file, Policies.class);
            if (p == null || p.logistics() == null || p.afterSales() == null) {
                throw new IllegalArgumentException(file + ":1: policies need 'logistics' and 'afterSales'");
            }
            return p;
        } catch (YamlFiles.FileException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
