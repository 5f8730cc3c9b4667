export { encodePcapHeader, encodePcapRecord } from './pcap.ts';
export { writeCapture } from './write-capture.ts';
