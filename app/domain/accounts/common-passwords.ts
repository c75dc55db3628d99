/**
 * The most common passwords of at least 8 characters from public breach corpora (the top of
 * the "rockyou" and NCSC PwnedPasswords top-100k lists). Shorter ones fail the length rule
 * anyway. Small on purpose: it ships to the browser with the sign-up form.
 */
const list = `password 12345678 123456789 1234567890 qwertyuiop password1 iloveyou1 sunshine1
princess1 football1 baseball1 welcome1 abc12345 12345678910 11111111 00000000 88888888 87654321
qwerty123 qwerty12 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx q1w2e3r4 q1w2e3r4t5 asdfghjkl
password123 password12 passw0rd p@ssword p@ssw0rd iloveyou trustno1 sunshine princess football
baseball superman starwars whatever computer michelle jennifer jordan23 liverpool chelsea1
arsenal1 letmein1 letmein123 welcome123 welcome1234 admin123 administrator changeme changeme1
monkey123 dragon123 master123 shadow123 qwertyui 123123123 12341234 11223344 123qweasd
qweasdzxc 1234qwer qwer1234 asdf1234 zxcvbnm1 zxcvbnm123 abcd1234 abcdefgh 987654321 777777777
999999999 iloveyou2 loveyou1 lovely123 babygirl1 butterfly1 chocolate1 michael1 jessica1
charlie1 samsung1 pokemon1 blink182 myspace1 freedom1 mustang1 secret123 starwars1 summer2024
winter2024 spring2024 autumn2024 summer2025 winter2025 password2024 password2025 password!
bitcoin1 bitcoin123 ethereum crypto123 cryptocurrency blockchain satoshi1 hodlhodl tothemoon
coinbase binance1 metamask`;

// Read-only (ADR 0064): a Set cannot be frozen, so it stays inside this module and is only read.
const commonPasswords: ReadonlySet<string> = new Set(list.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  const normalised = password.trim().toLowerCase();
  if (commonPasswords.has(normalised)) return true;
  // One repeated character or a plain run of digits is as weak as the list.
  return /^(.)\1+$/.test(normalised) || (/^\d+$/.test(normalised) && normalised.length < 12);
}
