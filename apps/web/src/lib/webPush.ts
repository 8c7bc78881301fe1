import type { PushSubscriptionInput } from "@club/shared";

/** The VAPID key as PushManager takes it (bytes from base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Whether this browser can take push notifications (a service worker and the Push API). */
export const canPush = (): boolean =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

/**
 * This browser's push subscription with the server's key, made when there is none: asks the
 * person's permission first. Throws when the browser cannot or the person says no.
 */
export async function browserSubscription(publicKey: string): Promise<PushSubscriptionInput> {
  if (!canPush()) throw new Error("This browser cannot show notifications.");
  if ((await Notification.requestPermission()) !== "granted")
    throw new Error("Notifications are not allowed for this site in this browser.");
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  return subscription.toJSON() as PushSubscriptionInput;
}
