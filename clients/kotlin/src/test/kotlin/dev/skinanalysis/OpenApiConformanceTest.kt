package dev.skinanalysis

import dev.skinanalysis.models.*
import dev.skinanalysis.resources.Scans
import dev.skinanalysis.support.RepoPaths
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.SerialKind
import kotlinx.serialization.descriptors.StructureKind
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.contentOrNull
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The hand-written models against docs/openapi.json, schema by schema and member by member, through the
 * kotlinx.serialization descriptors the client decodes with: property names, which are required, which may be
 * null, types, nested objects, maps, arrays and tuples, and every enum's values against the open enum's known
 * values. A schema change without the matching model change fails here.
 */
@OptIn(ExperimentalSerializationApi::class)
class OpenApiConformanceTest {
    private val document = Json.parseToJsonElement(RepoPaths.openApiDocument.readText()).jsonObject
    private val schemas = document["components"]!!.jsonObject["schemas"]!!.jsonObject

    /** Every component schema and the serializer that models it. */
    private val models: Map<String, KSerializer<*>> = mapOf(
        "MarkerResult" to MarkerResult.serializer(),
        "Scan" to Scan.serializer(),
        "SkinTone" to SkinTone.serializer(),
        "SkinType" to ScanSkinType.serializer(),
        "ResultRegion" to ResultRegion.serializer(),
        "LesionType" to LesionType.serializer(),
        "LesionCounts" to LesionCounts.serializer(),
        "ScanList" to ScanList.serializer(),
        "MarkerCatalogueEntry" to MarkerCatalogueEntry.serializer(),
        "MarkerCatalogue" to MarkerCatalogue.serializer(),
        "UserScore" to UserScore.serializer(),
        "AnalysedIngredient" to AnalysedIngredient.serializer(),
        "IngredientConflict" to IngredientConflict.serializer(),
        "ProductAnalysis" to ProductAnalysis.serializer(),
        "IngredientAnalysis" to IngredientAnalysis.serializer(),
        "RoutineStep" to RoutineStep.serializer(),
        "Routine" to Routine.serializer(),
        "Problem" to Problem.serializer(),
        "ScanCompletedEvent" to WebhookEvent.ScanCompleted.serializer(),
        "ScanFailedEvent" to WebhookEvent.ScanFailed.serializer(),
        "RoutineGeneratedEvent" to WebhookEvent.RoutineGenerated.serializer(),
        "ScoreUpdatedEvent" to WebhookEvent.ScoreUpdated.serializer(),
        "WebhookTestEvent" to WebhookEvent.WebhookTest.serializer(),
        "IngredientAnalysisRequest" to IngredientAnalysisRequest.serializer(),
        "RoutineRequest" to RoutineRequest.serializer(),
        "ClientToken" to ClientToken.serializer(),
        "Upload" to Upload.serializer(),
        "ScanFromUpload" to ScanFromUpload.serializer(),
        "ClientTokenRequest" to ClientTokenRequest.serializer(),
        "UploadRequest" to UploadRequest.serializer(),
        "MarkerName" to MarkerName.serializer(),
        "Severity" to Severity.serializer(),
    )

    /** The webhook event schemas: their `event` const is the discriminator WebhookEvent.parse dispatches on. */
    private val eventTypes = mapOf(
        "ScanCompletedEvent" to WebhookEvent.ScanCompleted.TYPE,
        "ScanFailedEvent" to WebhookEvent.ScanFailed.TYPE,
        "RoutineGeneratedEvent" to WebhookEvent.RoutineGenerated.TYPE,
        "ScoreUpdatedEvent" to WebhookEvent.ScoreUpdated.TYPE,
        "WebhookTestEvent" to WebhookEvent.WebhookTest.TYPE,
    )

    /** Open enums by serial name, with the values this version knows. */
    private val openEnums: Map<String, List<String>> = listOf(
        MarkerName, Severity, FaceRegion, TrendDirection, IngredientMatchType, IngredientFlag, ActiveClass,
        ConflictSeverity, Evidence, Verdict, FreeOf, RoutineStepKind, Frequency, RoutineSlot, SkinType, RoutineSize,
        ProductCategory, ErrorCode, ClientTokenScope, Environment, UploadContentType, SpotMarker,
        ResultRegion, LesionType, SkinToneCategory,
    ).associate { it.serialName to it.known.map { value -> value.value } } +
        ("dev.skinanalysis.ScanStatus" to ScanStatus.known.map { it.value })

    /**
     * Request bodies: where the API takes either of two shapes (ScanFromUpload's markers as an array or a
     * comma-separated string), the client may send just one of them.
     */
    private val requestModels = setOf("IngredientAnalysisRequest", "RoutineRequest", "ScanFromUpload", "ClientTokenRequest", "UploadRequest")

    /** Schemas that are a choice between types of different kinds, with the serializer that reads either. */
    private val unions = setOf("dev.skinanalysis.IngredientList")

    @Test
    fun `every component schema has a model, the multipart form included`() {
        val modelled = models.keys + "ScanCreateForm"
        assertEquals(schemas.keys.sorted(), modelled.sorted())
        val form = schemas["ScanCreateForm"]!!.jsonObject
        assertEquals(form["properties"]!!.jsonObject.keys.sorted(), Scans.FORM_FIELDS.sorted())
        assertEquals(listOf(Scans.FORM_IMAGE), form["required"]!!.jsonArray.map { it.jsonPrimitive.content })
    }

    @Test
    fun `the webhook schemas are the events WebhookEvent parses`() {
        val webhooks = document["webhooks"]!!.jsonObject.keys
        assertEquals(webhooks.sorted(), eventTypes.values.sorted())
        eventTypes.forEach { (schema, type) ->
            val event = schemas[schema]!!.jsonObject["properties"]!!.jsonObject["event"]!!.jsonObject
            assertEquals(type, event["const"]!!.jsonPrimitive.content, schema)
        }
    }

    @Test
    fun `the scan status enum is the sealed ScanStatus`() {
        val status = schemas["Scan"]!!.jsonObject["properties"]!!.jsonObject["status"]!!.jsonObject
        assertEquals(status["enum"]!!.jsonArray.map { it.jsonPrimitive.content }, ScanStatus.known.map { it.value })
    }

    @TestFactory
    fun `each model matches its schema`(): List<DynamicTest> = models.map { (name, serializer) ->
        DynamicTest.dynamicTest(name) {
            val problems = mutableListOf<String>()
            val schema = if (name in eventTypes) withoutEventMember(schemas[name]!!.jsonObject) else schemas[name]!!.jsonObject
            compare(schema, serializer.descriptor, name, required = true, problems, request = name in requestModels)
            assertTrue(problems.isEmpty(), "$name differs from docs/openapi.json:\n" + problems.joinToString("\n"))
        }
    }

    @Test
    fun `a model that drifted from its schema is caught`() {
        // The check itself must be able to fail: MarkerResult's schema against Scan's model.
        val problems = mutableListOf<String>()
        compare(schemas["MarkerResult"]!!.jsonObject, Scan.serializer().descriptor, "MarkerResult", required = true, problems)
        assertTrue(problems.isNotEmpty())
    }

    private fun withoutEventMember(schema: JsonObject): JsonObject = JsonObject(
        schema + mapOf(
            "properties" to JsonObject(schema["properties"]!!.jsonObject - "event"),
            "required" to JsonArray(schema["required"]!!.jsonArray.filter { it.jsonPrimitive.content != "event" }),
        ),
    )

    private fun resolve(schema: JsonObject): JsonObject {
        val ref = schema["\$ref"]?.jsonPrimitive?.content ?: return schema
        return resolve(schemas[ref.removePrefix("#/components/schemas/")]!!.jsonObject)
    }

    /** The schema's types, with `null` split off: `{"type": ["string", "null"]}` and `anyOf […, {"type": "null"}]`. */
    private fun nullability(schema: JsonObject): Pair<Boolean, List<JsonObject>> {
        val anyOf = schema["anyOf"]?.jsonArray?.map { resolve(it.jsonObject) }
        if (anyOf != null) {
            val nullable = anyOf.any { it["type"]?.jsonPrimitive?.contentOrNull == "null" }
            return nullable to anyOf.filter { it["type"]?.jsonPrimitive?.contentOrNull != "null" }.flatMap { nullability(it).second }
        }
        val type = schema["type"]
        if (type is JsonArray) {
            val types = type.map { it.jsonPrimitive.content }
            return ("null" in types) to types.filter { it != "null" }.map { JsonObject(schema + ("type" to JsonPrimitive(it))) }
        }
        return false to listOf(schema)
    }

    private fun compare(
        rawSchema: JsonObject,
        descriptor: SerialDescriptor,
        path: String,
        required: Boolean,
        problems: MutableList<String>,
        request: Boolean = false,
    ) {
        val (nullable, variants) = nullability(resolve(rawSchema))
        // A required member must be nullable exactly when the schema allows null; an optional one may also be
        // nullable in Kotlin (null means "leave it out": the client's JSON omits nulls).
        if (required && nullable != descriptor.isNullable) problems += "$path: nullable in schema=$nullable, in Kotlin=${descriptor.isNullable}"
        if (!required && nullable && !descriptor.isNullable) problems += "$path: the schema allows null, the Kotlin type does not"
        if (descriptor.serialName.removeSuffix("?") in unions) {
            if (variants.size < 2) problems += "$path: modelled as a union, but the schema is a single type"
            return
        }
        val schema = when {
            variants.size == 1 -> variants.single()
            variants.all { it["type"]?.jsonPrimitive?.contentOrNull == "object" } -> mergeObjects(variants)
            request -> {
                // The client sends one of the shapes the API accepts: the Kotlin type must match one exactly.
                val fits = variants.any { variant -> mutableListOf<String>().also { compare(variant, descriptor, path, false, it, request) }.isEmpty() }
                if (!fits) problems += "$path: the Kotlin type matches none of ${variants.map { it["type"] }}"
                return
            }
            else -> return run { problems += "$path: a union of ${variants.map { it["type"] }} has no union serializer" }
        }
        val kind = descriptor.kind
        val enum = schema["enum"]?.jsonArray?.map { it.jsonPrimitive.content }
        val name = descriptor.serialName.removeSuffix("?")
        if (enum != null) {
            val known = openEnums[name]
            when {
                known == null -> problems += "$path: the schema is an enum $enum, the Kotlin type $name is not an open enum"
                known != enum -> problems += "$path: enum values differ: schema $enum, Kotlin $known"
            }
            return
        }
        if (name in openEnums && schema["type"]?.jsonPrimitive?.contentOrNull != "string") {
            problems += "$path: Kotlin has an open enum, the schema is not a string"
            return
        }
        when (val type = schema["type"]?.jsonPrimitive?.contentOrNull) {
            "string" -> if (kind != PrimitiveKind.STRING) problems += "$path: string in schema, $kind in Kotlin"
            "integer" -> if (kind != PrimitiveKind.INT && kind != PrimitiveKind.LONG) problems += "$path: integer in schema, $kind in Kotlin"
            "number" -> if (kind != PrimitiveKind.DOUBLE) problems += "$path: number in schema, $kind in Kotlin"
            "boolean" -> if (kind != PrimitiveKind.BOOLEAN) problems += "$path: boolean in schema, $kind in Kotlin"
            "array" -> {
                if (kind != StructureKind.LIST) return run { problems += "$path: array in schema, $kind in Kotlin" }
                val items = schema["prefixItems"]?.jsonArray?.map { it.jsonObject }
                    ?: listOf(schema["items"]!!.jsonObject)
                items.forEachIndexed { i, item -> compare(item, descriptor.getElementDescriptor(0), "$path[$i]", true, problems, request) }
            }
            "object", null -> compareObject(schema, descriptor, path, problems, request)
            else -> problems += "$path: schema type $type is not handled"
        }
    }

    /** Alternatives of object shapes read by one class: every member of any shape, required only when in all. */
    private fun mergeObjects(shapes: List<JsonObject>): JsonObject {
        val properties = shapes.flatMap { it["properties"]!!.jsonObject.entries }.associate { it.key to it.value }
        val required = shapes.map { shape -> shape["required"]!!.jsonArray.map { it.jsonPrimitive.content }.toSet() }.reduce { a, b -> a intersect b }
        return JsonObject(mapOf("type" to JsonPrimitive("object"), "properties" to JsonObject(properties), "required" to JsonArray(required.map(::JsonPrimitive))))
    }

    private fun compareObject(schema: JsonObject, descriptor: SerialDescriptor, path: String, problems: MutableList<String>, request: Boolean) {
        val properties = schema["properties"]?.jsonObject
        val additional = schema["additionalProperties"]
        if (properties == null && additional is JsonObject) {
            // A map: propertyNames are the keys, additionalProperties the values ({} = any JSON).
            if (descriptor.kind != StructureKind.MAP) return run { problems += "$path: a map in schema, ${descriptor.kind} in Kotlin" }
            val keys = schema["propertyNames"]?.jsonObject ?: JsonObject(mapOf("type" to JsonPrimitive("string")))
            compare(keys, descriptor.getElementDescriptor(0), "$path{key}", true, problems)
            if (additional.isEmpty()) {
                if (descriptor.getElementDescriptor(1).serialName.removeSuffix("?") != JsonElement.serializer().descriptor.serialName) {
                    problems += "$path{value}: any JSON in schema, ${descriptor.getElementDescriptor(1).serialName} in Kotlin"
                }
            } else {
                compare(additional, descriptor.getElementDescriptor(1), "$path{value}", true, problems, request)
            }
            return
        }
        if (properties == null) return run { problems += "$path: an object without properties or additionalProperties" }
        if (descriptor.kind != StructureKind.CLASS) return run { problems += "$path: an object in schema, ${descriptor.kind} in Kotlin" }
        val names = (0 until descriptor.elementsCount).map { descriptor.getElementName(it) }
        if (names.toSet() != properties.keys) {
            problems += "$path: members differ: only in schema ${properties.keys - names.toSet()}, only in Kotlin ${names.toSet() - properties.keys}"
        }
        val requiredNames = schema["required"]?.jsonArray?.map { it.jsonPrimitive.content }.orEmpty().toSet()
        names.forEachIndexed { index, member ->
            val memberSchema = properties[member]?.jsonObject ?: return@forEachIndexed
            val isRequired = member in requiredNames
            if (isRequired == descriptor.isElementOptional(index)) {
                problems += "$path.$member: required in schema=$isRequired, optional in Kotlin=${descriptor.isElementOptional(index)}"
            }
            compare(memberSchema, descriptor.getElementDescriptor(index), "$path.$member", isRequired, problems, request)
        }
    }
}
