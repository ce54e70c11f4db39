// The link to the host: the protocol of docs/protocol.md, nothing a desktop client
// would not send. It holds the seat's view (state, log, legal actions) and tells the
// page when it changed; it reconnects by itself and takes its seat back with its token.

import { mergePatch } from "./patch.js";

export const PROTOCOL = 5;
const APP = "web station";
const FATAL = new Set(["version", "code", "removed", "hello_first"]);

/** The token kept for a battle, so a reload or a locked phone comes back to its seat. */
function storedSeat(battleId) {
  try {
    return JSON.parse(localStorage.getItem(`bridge.seat.${battleId}`) || "null");
  } catch {
    return null;
  }
}

function storeSeat(battleId, seat, token) {
  localStorage.setItem(`bridge.seat.${battleId}`, JSON.stringify({ seat, token }));
}

export function forgetSeat(battleId) {
  localStorage.removeItem(`bridge.seat.${battleId}`);
}

/** How often the page asks the host for a pong, and how long a silent host is taken
 * for a lost one (a dead Wi-Fi link closes nothing: the page must notice the silence). */
const BEAT_MS = 4000;
const SILENCE_MS = 12000;

export class Link extends EventTarget {
  constructor(url, code, name) {
    super();
    this.url = url;
    this.code = code;
    this.name = name;
    this.ws = null;
    this.nextId = 1;
    this.waiting = new Map();
    this.welcome = null;
    this.seat = null; // the `seated` message
    this.revision = -1;
    this.state = null;
    this.log = [];
    this.logStart = 0;
    this.available = null;
    this.connected = false;
    this.stopped = false;
    this.retries = 0;
    this.syncing = false;
  }

  emit(type, detail = {}) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  connect() {
    this.stopped = false;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", protocol: PROTOCOL, app: APP, code: this.code, name: this.name }));
    };
    ws.onmessage = (event) => {
      this.heard = Date.now();
      if (typeof event.data !== "string") return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.receive(message);
    };
    ws.onclose = () => this.lose(ws);
  }

  /** The link ``ws`` is gone (closed, or silent too long): every question waiting is
   * answered, the page is told, and a new link is tried after a pause. */
  lose(ws) {
    if (this.ws !== ws) return;
    this.ws = null;
    clearInterval(this.beatTimer);
    try {
      ws.close();
    } catch {
      // (a link already closing)
    }
    this.connected = false;
    for (const [, answer] of this.waiting) answer({ type: "refused", reason: "The link to the host was lost." });
    this.waiting.clear();
    if (this.stopped) return;
    this.emit("lost");
    const delay = Math.min(500 * 2 ** this.retries, 5000);
    this.retries += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Ask for a pong every BEAT_MS; a host silent for SILENCE_MS is a lost link. */
  beat() {
    clearInterval(this.beatTimer);
    this.heard = Date.now();
    const ws = this.ws;
    this.beatTimer = setInterval(() => {
      if (this.ws !== ws || ws.readyState !== WebSocket.OPEN) return;
      if (Date.now() - this.heard > SILENCE_MS) this.lose(ws);
      else this.send({ type: "ping", t: Date.now() / 1000 });
    }, BEAT_MS);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.beatTimer);
    if (this.ws) this.ws.close(1000);
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  /** Send a message with an id; resolves with the host's answer to it. */
  ask(message) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        resolve({ type: "refused", id, reason: "Not connected to the host." });
        return;
      }
      this.waiting.set(id, resolve);
      this.send({ ...message, id });
    });
  }

  command(command) {
    return this.ask({ type: "command", command });
  }

  preview(command) {
    return this.ask({ type: "preview", command });
  }

  claim(seat, token = null) {
    this.send({ type: "claim", seat, token });
  }

  receive(m) {
    switch (m.type) {
      case "welcome": {
        this.welcome = m;
        this.connected = true;
        this.retries = 0;
        this.beat();
        const kept = storedSeat(m.battle_id);
        if (kept) this.claim(kept.seat, kept.token);
        this.emit("welcome", { resuming: Boolean(kept) });
        break;
      }
      case "seats":
        if (this.welcome) this.welcome = { ...this.welcome, seats: m.seats };
        this.emit("seats");
        break;
      case "seated":
        this.seat = m;
        storeSeat(this.welcome.battle_id, m.seat, m.token);
        break;
      case "snapshot":
        this.revision = m.revision;
        this.state = m.state;
        this.log = m.log;
        this.logStart = m.log_start;
        this.available = m.available;
        this.syncing = false;
        this.emit("changed", { entry: null, snapshot: true });
        break;
      case "update":
        this.update(m);
        break;
      case "accepted":
      case "refused":
      case "task_preview": {
        const answer = this.waiting.get(m.id);
        if (answer) {
          this.waiting.delete(m.id);
          answer(m);
        } else if (m.type === "refused" && m.id == null && m.retry_after != null && this.syncing) {
          setTimeout(() => this.send({ type: "resync" }), m.retry_after * 1000);
        }
        break;
      }
      case "error":
        if (m.code === "seat") {
          if (this.welcome) forgetSeat(this.welcome.battle_id);
          this.seat = null;
          this.emit("seat_refused", { message: m.message });
        } else {
          if (FATAL.has(m.code)) this.stopped = true;
          if (m.code === "removed" && this.welcome) forgetSeat(this.welcome.battle_id);
          this.emit("fatal", { code: m.code, message: m.message });
        }
        break;
      default:
        break;
    }
  }

  update(m) {
    if (this.syncing || this.state === null || m.revision <= this.revision) return;
    if (m.revision !== this.revision + 1) {
      this.syncing = true;
      this.send({ type: "resync" });
      return;
    }
    this.revision = m.revision;
    this.state = mergePatch(this.state, m.patch);
    let keep = m.log_length - this.logStart - (m.entry ? 1 : 0);
    if (keep < 0) {
      this.log = [];
      this.logStart = m.log_length - (m.entry ? 1 : 0);
    } else {
      this.log = this.log.slice(0, keep);
    }
    if (m.entry) this.log = [...this.log, m.entry];
    if (m.available) this.available = mergePatch(this.available, m.available);
    this.emit("changed", { entry: m.entry ?? null, snapshot: false });
  }

  /** The index (in the whole battle's log) the next entry will take. */
  get logLength() {
    return this.logStart + this.log.length;
  }
}
