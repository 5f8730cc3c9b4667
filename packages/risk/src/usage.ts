// The CLI's help, in a module of its own so that `netguard-risk --help` loads nothing else.
export const USAGE = `Usage: netguard-risk assess < input.json

Reads one assessment input (or a JSON array of them) on standard input and prints the
assessment(s) as JSON: score, SSVC decisions with their path, inputs, confidence, reasoning.
`;
