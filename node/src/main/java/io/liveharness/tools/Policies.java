package io.liveharness.tools;

import io.liveharness.config.YamlFiles;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The shop's rules: coupons and price rules, logistics, after-sales, and the regions a viewer may
 * name for delivery. Read once from a YAML file.
 */
public record Policies(List<Coupon> coupons, Logistics logistics, AfterSales afterSales, List<Region> regions) {

    public Policies {
        coupons = coupons == null ? List.of() : List.copyOf(coupons);
        regions = regions == null ? List.of() : List.copyOf(regions);
    }

    /** The region {@code words} name ("乌鲁木齐", "xinjiang", "Lhasa"), as {@link Region#matches} reads them. */
    public Optional<Region> regionIn(String words) {
        Region best = null;
        int longest = 0;
        for (Region r : regions) {
            int m = r.matches(words);
            if (m > longest) {
                best = r;
                longest = m;
            }
        }
        return Optional.ofNullable(best);
    }

    /** A coupon or price rule; {@code products} it applies to, empty meaning all. */
    public record Coupon(String id, String title, List<String> products, double minSpend, double discount,
                         String actionLinkId) {
        public Coupon {
            products = products == null ? List.of() : List.copyOf(products);
        }
    }

    /** @param remoteNote what a remote region pays extra, in each language: a fallback says it to a viewer there */
    public record Logistics(List<String> couriers, String deliveryDays, String freeShipping, Localized remoteNote) { }

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
