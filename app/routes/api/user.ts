import { getSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/user";

/**
 * GET /api/user (seed §7): the signed-in member's own profile, identified only by the session
 * cookie. There is no parameter that could name another member.
 */
export async function loader(args: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  const session = await getSession(args);
  if (!session) return Response.json({ error: "unauthenticated" }, { status: 401, headers });
  const { user } = session;
  return Response.json(
    {
      user: {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        name: user.name,
        emailVerified: user.emailVerified,
        twoFactorEnabled: user.twoFactorEnabled,
        accountMode: session.session.accountMode,
      },
    },
    { headers },
  );
}
