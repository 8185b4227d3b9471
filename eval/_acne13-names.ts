import { readFileSync } from 'node:fs';
import onnxProto from 'onnx-proto';
const m = onnxProto.onnx.ModelProto.decode(readFileSync('models/generated/skin.onnx'));
const outs = m.graph!.node!.map((n) => `${n.opType}:${n.output![0]}<-${n.input!.join(',')}`);
console.log(outs.filter((o) => /red|gate|lum_in|hb_lum|spot_input/.test(o)).join('\n'));
