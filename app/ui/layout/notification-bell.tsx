import { Bell } from "lucide-react";
import { DropdownMenu as M } from "radix-ui";
import { Link, useFetcher } from "react-router";
import { cn } from "../cn.ts";

export interface BellNotification {
  id: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  read: boolean;
}

export interface BellData {
  unread: number;
  items: BellNotification[];
}

const when = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

const READ_ACTION = "/notifications/read";

/** "Notifications, 2 unread": the bell's accessible name carries the count it shows. */
export function bellLabel(unread: number) {
  return unread === 0 ? "Notifications, none unread" : `Notifications, ${unread} unread`;
}

/**
 * The notification centre in the header (ADR 0075): the unread count on a bell, the newest 20 in a
 * menu, each opening its page and marking itself read. The shell's loader supplies the data; a new
 * notification arrives on the account stream, which re-reads the loaders (app/ui/live/account-events.tsx).
 */
export function NotificationBell({ data }: { data: BellData }) {
  const fetcher = useFetcher({ key: "notifications-read" });
  const markingAll = fetcher.formData?.get("all") === "1";
  const marking = fetcher.formData?.get("id");
  const unread = markingAll
    ? 0
    : Math.max(0, data.unread - (marking && data.items.some((n) => n.id === marking && !n.read) ? 1 : 0));
  const isRead = (n: BellNotification) => n.read || markingAll || n.id === marking;
  return (
    <M.Root modal={false}>
      <M.Trigger asChild>
        <button
          type="button"
          aria-label={bellLabel(unread)}
          data-testid="notification-bell"
          className="relative grid size-10 place-items-center rounded-full text-ink hover:bg-subtle"
        >
          <Bell aria-hidden className="size-5" />
          {unread > 0 ? (
            <span
              aria-hidden
              className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-negative px-1 text-xs font-bold text-inverse"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </button>
      </M.Trigger>
      <M.Portal>
        <M.Content
          align="end"
          sideOffset={8}
          aria-label="Notifications"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-lg border border-line bg-surface p-1 shadow-pop"
        >
          <div className="flex items-center justify-between gap-2 px-3 py-2">
            <M.Label className="text-sm font-semibold text-ink">Notifications</M.Label>
            {unread > 0 ? (
              <M.Item
                onSelect={(event) => {
                  event.preventDefault();
                  fetcher.submit({ all: "1" }, { method: "post", action: READ_ACTION });
                }}
                className="cursor-pointer rounded-md px-2 py-1 text-sm font-semibold text-brand outline-none data-[highlighted]:bg-subtle"
              >
                Mark all read
              </M.Item>
            ) : null}
          </div>
          <M.Separator className="my-1 h-px bg-line" />
          {data.items.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-muted">
              Nothing yet. Your price alerts and account news appear here.
            </p>
          ) : (
            <div className="max-h-[min(28rem,70vh)] overflow-y-auto">
              {data.items.map((n) => {
                const content = (
                  <>
                    <span
                      aria-hidden
                      className={cn(
                        "mt-1.5 size-2 shrink-0 rounded-full",
                        isRead(n) ? "bg-transparent" : "bg-brand",
                      )}
                    />
                    <span className="min-w-0 flex-1 space-y-0.5">
                      <span className={cn("block text-sm text-ink", !isRead(n) && "font-semibold")}>
                        {isRead(n) ? null : <span className="sr-only">Unread: </span>}
                        {n.title}
                      </span>
                      {n.body ? <span className="block text-xs text-muted">{n.body}</span> : null}
                      <span className="block text-xs text-muted">
                        {when.format(new Date(n.createdAt))} UTC
                      </span>
                    </span>
                  </>
                );
                const markRead = () => {
                  if (!n.read) fetcher.submit({ id: n.id }, { method: "post", action: READ_ACTION });
                };
                const itemClass =
                  "flex cursor-pointer items-start gap-2 rounded-md px-3 py-2 outline-none data-[highlighted]:bg-subtle";
                return n.link ? (
                  <M.Item key={n.id} asChild onSelect={markRead} className={itemClass}>
                    <Link to={n.link}>{content}</Link>
                  </M.Item>
                ) : (
                  <M.Item key={n.id} onSelect={markRead} className={itemClass}>
                    {content}
                  </M.Item>
                );
              })}
            </div>
          )}
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}
