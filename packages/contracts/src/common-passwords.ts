// Passwords that meet the character rule but are still the first ones guessed: a common word or
// name with capitals, digits, symbols and letter-for-digit swaps around it ("P@ssw0rd",
// "Welcome2026!", "Qwerty123!"). ASVS 5.0 asks that such passwords be refused at sign-up, change
// and reset. The check undoes the usual disguises and compares what is left with a list of base
// words; it refuses only a password that is nothing but a base word, a keyboard run or digits.

/** The message of the refusal (NetGuard's own rule: not one of the spec's messages). */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common: a common word or keyboard pattern with numbers or symbols added is guessed first. Choose another.';

const BASE_WORDS = new Set(
  (
    'password passwort passwd pass welcome qwerty qwertz azerty letmein admin administrator login ' +
    'iloveyou loveyou monkey dragon football baseball soccer hockey basketball sunshine princess ' +
    'master shadow superman batman trustno changeme secret default guest root test testing user ' +
    'hello freedom whatever starwars pokemon computer internet summer winter spring autumn fall ' +
    'january february march april may june july august september october november december ' +
    'monday tuesday wednesday thursday friday saturday sunday netguard company security access ' +
    'matrix michael jennifer jordan charlie mustang ninja killer cookie cheese flower lovely ' +
    'abc abcd abcde abcdef abcdefg abcdefgh abcdefghi master key system server network office'
  ).split(/\s+/),
);

const KEYBOARD_RUNS = [
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1qaz2wsx3edc',
  'qazwsxedc',
  '1q2w3e4r5t',
];
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** The password with leet swaps undone, lower case, and digits and symbols at either end cut. */
function baseOf(password: string): string {
  const lower = password.toLowerCase();
  const trimmed = lower.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, '');
  return [...trimmed].map((c) => LEET[c] ?? c).join('');
}

const isKeyboardRun = (text: string) =>
  text.length >= 4 && KEYBOARD_RUNS.some((run) => run.includes(text));

/** Whether the password is a common word, a keyboard run or digits, however disguised. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const base = baseOf(password);
  if (base === '') return true;
  // Both readings: "Passw0rd" is "password"; "trustno1" keeps its 1 before the cut.
  const swapped = [...lower]
    .map((c) => LEET[c] ?? c)
    .join('')
    .replace(/[^a-z]/g, '');
  const repeated = (text: string) =>
    /^(.+?)\1+$/.test(text) && BASE_WORDS.has(text.replace(/^(.+?)\1+$/, '$1'));
  return [base, swapped].some(
    (text) => BASE_WORDS.has(text) || isKeyboardRun(text) || repeated(text),
  );
}
