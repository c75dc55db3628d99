// Signs the bench's members in as a browser does: the sign-in form's POST through Caddy, with the
// page's own origin (React Router refuses a POST from a foreign one), keeping the session cookie.
import type { BenchMember } from "./setup.ts";
import { MEMBER_PASSWORD } from "./setup.ts";

export interface SignedInMember extends BenchMember {
  /** The Cookie header the member's browser would send. */
  cookie: string;
}

async function signIn(baseUrl: string, member: BenchMember): Promise<SignedInMember> {
  const body = new URLSearchParams({
    email: member.email,
    password: MEMBER_PASSWORD,
    redirectTo: "/dashboard",
  });
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
  });
  const cookies = response.headers.getSetCookie().filter((line) => !/Max-Age=0/i.test(line));
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(
      `sign-in of ${member.email} answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
    );
  }
  return { ...member, cookie: cookies.map((line) => line.split(";")[0]).join("; ") };
}

/** All members, a few at a time (argon2 verification is the cost, on the two servers). */
export async function signInAll(
  baseUrl: string,
  members: BenchMember[],
  parallel = 8,
): Promise<SignedInMember[]> {
  const out: SignedInMember[] = [];
  let next = 0;
  const worker = async () => {
    while (next < members.length) {
      const member = members[next++] as BenchMember;
      out.push(await signIn(baseUrl, member));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return out;
}
