package dev.skinanalysis.models

import kotlinx.serialization.KSerializer
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder

/**
 * A string the API documents as one of a fixed set of values, kept open so that a value added by a later API
 * version decodes instead of failing the whole response (as Stripe's and OpenAI's clients do). Compare with the
 * constants ([Severity.LOW]…); [isKnown] tells whether this library version knows the value.
 */
public abstract class OpenEnum protected constructor(public val value: String) {
    public val isKnown: Boolean get() = values().known.any { it.value == value }

    protected abstract fun values(): Values<*>

    override fun equals(other: Any?): Boolean = other != null && other::class == this::class && (other as OpenEnum).value == value
    override fun hashCode(): Int = value.hashCode()
    override fun toString(): String = value

    /** The companion of each open enum: its known values, in the document's order, and [of] for any value. */
    public abstract class Values<T : OpenEnum> protected constructor(
        /** The schema name used in the serial descriptor. */
        public val serialName: String,
        private val create: (String) -> T,
    ) {
        private val declared = mutableListOf<T>()

        /** Every value this library version knows, in the order the API documents them. */
        public val known: List<T> get() = declared.toList()

        /** The constant for [value] when it is known, otherwise a new instance carrying it. */
        public fun of(value: String): T = declared.firstOrNull { it.value == value } ?: create(value)

        protected fun declare(value: String): T = create(value).also { declared += it }
    }

    /** Serializes an open enum as its plain string. */
    public open class Serializer<T : OpenEnum>(private val values: Values<T>) : KSerializer<T> {
        override val descriptor: SerialDescriptor = PrimitiveSerialDescriptor(values.serialName, PrimitiveKind.STRING)
        override fun serialize(encoder: Encoder, value: T): Unit = encoder.encodeString(value.value)
        override fun deserialize(decoder: Decoder): T = values.of(decoder.decodeString())
    }
}
