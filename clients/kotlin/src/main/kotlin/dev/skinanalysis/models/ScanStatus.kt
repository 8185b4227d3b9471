package dev.skinanalysis.models

import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder

/**
 * Where a scan is: [Processing] until the analysis ends, then [Completed] (scores present) or [Failed] (`error`
 * says why). [Unknown] carries a status a later API version may add, so old apps keep decoding scans.
 */
@Serializable(with = ScanStatus.Serializer::class)
public sealed class ScanStatus(public val value: String) {
    public object Processing : ScanStatus("processing")
    public object Completed : ScanStatus("completed")
    public object Failed : ScanStatus("failed")
    public class Unknown(value: String) : ScanStatus(value) {
        override fun equals(other: Any?): Boolean = other is Unknown && other.value == value
        override fun hashCode(): Int = value.hashCode()
    }

    /** True once the scan will not change any more. */
    public val isTerminal: Boolean get() = this != Processing

    override fun toString(): String = value

    public companion object {
        /** The statuses this library version knows, in the document's order. */
        @JvmStatic public val known: List<ScanStatus> get() = listOf(Processing, Completed, Failed)

        @JvmStatic public fun of(value: String): ScanStatus = known.firstOrNull { it.value == value } ?: Unknown(value)
    }

    internal object Serializer : KSerializer<ScanStatus> {
        override val descriptor: SerialDescriptor = PrimitiveSerialDescriptor("dev.skinanalysis.ScanStatus", PrimitiveKind.STRING)
        override fun serialize(encoder: Encoder, value: ScanStatus): Unit = encoder.encodeString(value.value)
        override fun deserialize(decoder: Decoder): ScanStatus = of(decoder.decodeString())
    }
}
