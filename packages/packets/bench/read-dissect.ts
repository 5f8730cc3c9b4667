// One measured run of our engine, in its own process so that its peak RSS is its own:
// `node --import tsx bench/read-dissect.ts <file> [--read-only]` reads the capture with
// readCaptureFile and dissects every frame with one dissection context, as the server's upload
// does (conversation memory on, as tshark's; payload hex off, as list pages do), then prints one
// `RESULT {json}` line. --read-only skips dissection, to tell the reader's share apart.
import { createDissectContext, dissectFrame } from '../src/dissect/index.ts';
import { readCaptureFile } from '../src/reader/index.ts';

const [path, flag] = process.argv.slice(2);
if (!path) throw new Error('usage: read-dissect.ts <capture file> [--read-only]');
const readOnly = flag === '--read-only';

const context = createDissectContext();
const started = performance.now();
let packets = 0;
let checksum = 0;
for await (const frame of readCaptureFile(path).frames()) {
  packets++;
  // Use each result so that no work can be optimised away.
  checksum += readOnly
    ? frame.data[0]!
    : dissectFrame(frame, { includePayload: false, context }).protocol.length;
}
const ms = performance.now() - started;
const mode = readOnly ? 'read only' : 'read + dissect';
console.log(
  `RESULT ${JSON.stringify({ mode, packets, checksum, ms, maxRssKb: process.resourceUsage().maxRSS })}`,
);
