package dev.skinanalysis.models

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.SerializationException
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonDecoder
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonEncoder
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.contentOrNull

/**
 * An INCI list as the API takes it: either the label's text as printed (`"Aqua, Glycerin, …"`, split by the
 * service) or the ingredients one by one.
 */
@Serializable(with = IngredientList.Serializer::class)
public sealed class IngredientList {
    public data class Text(val text: String) : IngredientList()
    public data class Items(val items: List<String>) : IngredientList()

    public companion object {
        @JvmStatic public fun of(text: String): IngredientList = Text(text)
        @JvmStatic public fun of(items: List<String>): IngredientList = Items(items)
    }

    @OptIn(ExperimentalSerializationApi::class)
    internal object Serializer : KSerializer<IngredientList> {
        override val descriptor: SerialDescriptor = SerialDescriptor("dev.skinanalysis.IngredientList", JsonElement.serializer().descriptor)

        override fun serialize(encoder: Encoder, value: IngredientList) {
            val json = encoder as? JsonEncoder ?: throw SerializationException("IngredientList is JSON only")
            json.encodeJsonElement(
                when (value) {
                    is Text -> JsonPrimitive(value.text)
                    is Items -> JsonArray(value.items.map(::JsonPrimitive))
                },
            )
        }

        override fun deserialize(decoder: Decoder): IngredientList {
            val json = decoder as? JsonDecoder ?: throw SerializationException("IngredientList is JSON only")
            return when (val element = json.decodeJsonElement()) {
                is JsonPrimitive -> Text(element.contentOrNull ?: throw SerializationException("ingredients: null"))
                is JsonArray -> Items(element.map { (it as? JsonPrimitive)?.contentOrNull ?: it.toString() })
                else -> throw SerializationException("ingredients: expected a string or an array")
            }
        }
    }
}
