package io.liveharness.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The package rules that keep the code readable by its folder names; docs/architecture.md says why. */
class ArchitectureTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // node's and tools' test classes come as test-jars once those modules are packaged
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("io.liveharness");

    /** The offline tools: what an operator or a researcher runs (and the broker the tests and benchmarks start), never what a node runs. */
    private static final String[] TOOLS = {"io.liveharness.hat..", "io.liveharness.training..", "io.liveharness.eval..", "io.liveharness.loadtest..",
            "io.liveharness.bench..", "io.liveharness.chaos..", "io.liveharness.cli..", "io.liveharness.router.dataset..",
            "io.liveharness.engine.bench..", "io.liveharness.engine.gguf..", "io.liveharness.router.train..",
            "io.liveharness.router.bench..", "io.liveharness.kafka.broker..", "io.liveharness.report.."};

    @Test
    void noPackageCycles() {
        slices().matching("io.liveharness.(*)..").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void theServiceDoesNotDependOnTheOfflineTools() {
        noClasses().that().resideOutsideOfPackages(TOOLS)
                .should().dependOnClassesThat().resideInAnyPackage(TOOLS)
                .check(MAIN);
    }

    @Test
    void onlyTheCompositionRootAndTheToolsKnowTheNode() {
        noClasses().that().resideOutsideOfPackages(concat(TOOLS, "io.liveharness.node.."))
                .should().dependOnClassesThat().resideInAPackage("io.liveharness.node..")
                .check(MAIN);
    }

    private static String[] concat(String[] a, String b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + 1);
        out[a.length] = b;
        return out;
    }
}
