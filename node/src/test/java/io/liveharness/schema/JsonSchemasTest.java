package io.liveharness.schema;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonSchemasTest {
    static final String LOOKUP = """
            {"type": "object",
             "properties": {
               "productId": {"type": "string", "minLength": 3},
               "size": {"enum": ["S", "M", "L"]},
               "quantity": {"type": "integer", "minimum": 1}
             },
             "required": ["productId"],
             "additionalProperties": false}""";

    @Test
    void aValidSchemaHasNoProblems() {
        assertEquals(List.of(), JsonSchemas.checkSchema(LOOKUP));
        assertEquals(List.of(), JsonSchemas.checkSchema("true"));
        assertEquals(List.of(), JsonSchemas.checkSchema("{\"$schema\": \"http://json-schema.org/draft-07/schema#\", \"type\": \"object\"}"));
    }

    @Test
    void aMisspelledTypeIsReportedAtItsPlace() {
        List<String> problems = JsonSchemas.checkSchema("{\"type\": \"strnig\"}");
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.getFirst().startsWith("schema 'type' is invalid"), problems.toString());
    }

    @Test
    void requiredThatIsNotAListIsReported() {
        List<String> problems = JsonSchemas.checkSchema("{\"required\": \"x\"}");
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.getFirst().contains("'required'"), problems.toString());
    }

    @Test
    void aNestedBadKeywordIsReportedWithItsPath() {
        List<String> problems = JsonSchemas.checkSchema("{\"properties\": {\"size\": {\"minLength\": -1}}}");
        assertTrue(problems.toString().contains("'properties/size/minLength'"), problems.toString());
    }

    @Test
    void textThatIsNotJsonOrNotAnObjectIsNotASchema() {
        assertTrue(JsonSchemas.checkSchema("{type: string").getFirst().startsWith("the schema is not JSON"));
        assertEquals(List.of("a schema must be a JSON object or a boolean"), JsonSchemas.checkSchema("[1]"));
        assertTrue(JsonSchemas.checkSchema("{\"$schema\": \"https://example.org/mine\"}").getFirst().contains("not a supported draft"));
    }

    @Test
    void conformingArgumentsHaveNoViolations() {
        assertEquals(List.of(), JsonSchemas.validate(LOOKUP, "{\"productId\": \"dress-101\", \"size\": \"M\"}"));
    }

    @Test
    void brokenArgumentsGetOneReadableMessageEachNamingTheArgument() {
        List<String> problems = JsonSchemas.validate(LOOKUP, "{\"size\": \"XXL\", \"quantity\": 0, \"colour\": \"red\"}");
        assertEquals(List.of("argument 'productId' is required", "'size' must be one of S, M, L",
                "'quantity' must be at least 1", "'colour' is not an argument of this tool"), problems);
    }

    @Test
    void wrongTypesAndLengthsAreNamed() {
        assertEquals(List.of("'productId' must be a string"), JsonSchemas.validate(LOOKUP, "{\"productId\": 101}"));
        assertEquals(List.of("'productId' must have at least 3 characters"), JsonSchemas.validate(LOOKUP, "{\"productId\": \"d\"}"));
        assertEquals(List.of("the arguments must be an object"), JsonSchemas.validate(LOOKUP, "[\"dress-101\"]"));
    }

    @Test
    void nestedArgumentsAreNamedByTheirPath() {
        String schema = "{\"type\": \"object\", \"properties\": {\"items\": {\"type\": \"array\", \"items\": "
                + "{\"type\": \"object\", \"properties\": {\"id\": {\"type\": \"string\"}}, \"required\": [\"id\"]}}}}";
        assertEquals(Set.of("argument 'items[1].id' is required", "'items[0].id' must be a string"),
                Set.copyOf(JsonSchemas.validate(schema, "{\"items\": [{\"id\": 5}, {}]}")));
    }

    @Test
    void argumentsThatAreNotJsonAreSaidSo() {
        assertTrue(JsonSchemas.validate(LOOKUP, "{productId: dress}").getFirst().startsWith("the arguments are not valid JSON"));
    }

    @Test
    void validatingAgainstAnInvalidSchemaIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> JsonSchemas.validate("{\"type\": \"strnig\"}", "{}"));
    }

    @Test
    void aSchemaWithLocalDefinitionsValidates() {
        String schema = "{\"$defs\": {\"size\": {\"enum\": [\"S\", \"M\"]}}, \"type\": \"object\", "
                + "\"properties\": {\"size\": {\"$ref\": \"#/$defs/size\"}}}";
        assertEquals(List.of(), JsonSchemas.checkSchema(schema));
        List<String> problems = JsonSchemas.validate(schema, "{\"size\": \"XL\"}");
        assertFalse(problems.isEmpty());
        assertEquals("'size' must be one of S, M", problems.getFirst());
    }
}
