// TrustCheck collector dashboard: reads the collector's JSON API (/api/summary, /api/timeline, /api/suspects,
// /api/rotation) and renders it. Hand-written, no libraries. Every value from a report (host names, subjects,
// pins) is attacker-controlled, so the page builds the DOM with textContent and attributes only — never
// innerHTML — and the Content-Security-Policy in index.html refuses any script but this file.
//
// The API needs the collector's read token (Authorization: Bearer). The page itself is served without it and
// holds no data; it asks for the token once and keeps it in this tab's sessionStorage (gone when the tab
// closes, never sent by the browser on its own as a cookie would be, so another site cannot make use of it).
// A link may carry it as #token=…: the fragment never reaches the server or its logs, and the page takes it
// out of the address bar and the history entry at once.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  // Distinct enough on white and for the common colour-vision deficiencies (Okabe–Ito palette).
  const COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"];
  // A chart wider than this many buckets is drawn from its reported points only (no zero fill), so a long
  // range at a small bucket cannot make the page build millions of points.
  const MAX_FILLED_BUCKETS = 2000;

  const page = new URLSearchParams(window.location.search);
  const TOKEN_KEY = "trustcheck.readToken";

  // #token=… into sessionStorage, and out of the address (the current history entry is replaced).
  function takeTokenFromFragment() {
    const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    const token = fragment.get("token");
    if (token === null) return;
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    history.replaceState(null, "", window.location.pathname + window.location.search);
  }

  function readToken() { return sessionStorage.getItem(TOKEN_KEY); }

  // An API refusal, with its HTTP status and the collector's error code.
  class APIError extends Error {
    constructor(message, status, code) {
      super(message);
      this.status = status;
      this.code = code;
    }
  }

  // The page's own ?since= and ?bucket= go to every analysis call unchanged; the collector validates them.
  function apiURL(path) {
    if (path.startsWith("/api/reports/")) return path;
    const query = new URLSearchParams();
    for (const name of ["since", "bucket"]) {
      const value = page.get(name);
      if (value) query.set(name, value);
    }
    const text = query.toString();
    return text ? path + "?" + text : path;
  }

  async function getJSON(path) {
    const headers = { Accept: "application/json" };
    const token = readToken();
    if (token) headers.Authorization = "Bearer " + token;
    const response = await fetch(apiURL(path), { headers, cache: "no-store", credentials: "omit" });
    let body = null;
    try { body = await response.json(); } catch (_) { /* reported below */ }
    if (!response.ok) {
      const message = body && body.error && body.error.message ? body.error.message : "HTTP " + response.status;
      throw new APIError(path + ": " + message, response.status, body && body.error ? body.error.code : null);
    }
    if (body === null) throw new Error(path + ": the answer is not JSON");
    return body;
  }

  // el("td", {class: "number"}, "12") — children are nodes or text (set as text, never parsed).
  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value !== null && value !== undefined) node.setAttribute(name, String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function svg(tag, attributes, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
    for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    return node;
  }

  // "2026-12-01T10:00:00Z" → "2026-12-01 10:00:00 UTC".
  function time(text) {
    return text ? String(text).replace("T", " ").replace(/Z$/, " UTC") : "—";
  }

  function list(items, className) {
    if (!items || items.length === 0) return "—";
    return el("ul", { class: "plain" }, items.map((item) => el("li", { class: className }, item)));
  }

  function emptyRow(tbody, columns, text) {
    tbody.append(el("tr", { class: "empty" }, el("td", { colspan: columns, class: "empty" }, text)));
  }

  // MARK: Summary

  function renderSummary(summary) {
    const dl = document.getElementById("summary");
    const reasons = Object.entries(summary.malformed_by_reason || {}).map(([reason, count]) => reason + ": " + count);
    const items = [
      ["stored", "Reports", summary.stored_reports],
      ["duplicates", "Duplicates", summary.duplicates],
      ["malformed", "Malformed bodies", summary.malformed, reasons.join(", ")],
      ["hosts", "Hosts", summary.hosts],
      ["suspects", "Interception suspects", summary.suspects],
      ["clock-skew", "Devices with a wrong clock", summary.clock_skew || 0,
        summary.clock_skew ? "their chains chain at the collector's time: not suspects" : null],
      ["first", "First report", time(summary.first_received)],
      ["last", "Last report", time(summary.last_received)],
    ];
    for (const [key, label, value, detail] of items) {
      const warn = key === "suspects" && value > 0;
      dl.append(el("div", { "data-key": key },
        el("dt", null, label),
        el("dd", { id: "summary-" + key, class: warn ? "warn" : null }, value),
        detail ? el("dd", { class: "detail" }, detail) : null));
    }
  }

  // MARK: Timeline

  function renderTimeline(timeline) {
    const hosts = (timeline.hosts || []).slice().sort((a, b) => b.total - a.total || a.host.localeCompare(b.host));
    const chart = document.getElementById("timeline-chart");
    const hostRows = document.querySelector("#timeline-hosts tbody");
    const versionRows = document.querySelector("#timeline-versions tbody");
    if (hosts.length === 0) {
      chart.append(el("p", { class: "hint" }, "No reports in this period."));
      emptyRow(hostRows, 3, "No reports.");
      emptyRow(versionRows, 4, "No reports.");
      return;
    }
    chart.append(drawChart(timeline, hosts));
    if (timeline.hosts_total > hosts.length) {
      chart.append(el("p", { class: "hint", id: "timeline-more" },
        "The " + hosts.length + " most reported of " + timeline.hosts_total + " hosts."));
    }
    hosts.forEach((series, index) => {
      const busiest = series.points.reduce((best, point) => (point.count > best.count ? point : best), series.points[0]);
      hostRows.append(el("tr", { "data-host": series.host, "data-total": series.total },
        el("td", null, legendSwatch(index), series.host),
        el("td", { class: "number" }, series.total),
        el("td", null, busiest ? time(busiest.start) + " (" + busiest.count + ")" : "—")));
    });
    for (const row of timeline.by_version || []) {
      versionRows.append(el("tr", { "data-host": row.host, "data-version": row.app_version, "data-count": row.count },
        el("td", null, row.host), el("td", null, row.app_version), el("td", null, row.platform),
        el("td", { class: "number" }, row.count)));
    }
  }

  function legendSwatch(index) {
    return svg("svg", { width: 12, height: 12, class: "swatch", "aria-hidden": "true" },
      svg("rect", { width: 12, height: 12, rx: 2, fill: COLOURS[index % COLOURS.length] }));
  }

  function drawChart(timeline, hosts) {
    const width = 900, height = 260, left = 44, right = 16, top = 12, bottom = 34;
    const bucket = timeline.bucket_seconds * 1000;
    const starts = hosts.flatMap((series) => series.points.map((point) => Date.parse(point.start)));
    const from = timeline.since ? Date.parse(timeline.since) : Math.min(...starts);
    // `until` is the end of the last bucket; the last point drawn is that bucket's start.
    const to = Math.max(from, (timeline.until ? Date.parse(timeline.until) : Math.max(...starts) + bucket) - bucket);
    const maxCount = Math.max(1, ...hosts.flatMap((series) => series.points.map((point) => point.count)));
    const x = (ms) => left + (to === from ? (width - left - right) / 2 : ((ms - from) / (to - from)) * (width - left - right));
    const y = (count) => top + (1 - count / maxCount) * (height - top - bottom);
    const bucketCount = Math.floor((to - from) / bucket) + 1;

    const root = svg("svg", { viewBox: "0 0 " + width + " " + height, class: "timeline", role: "img",
      "aria-label": "Reports per " + timeline.bucket_seconds + " s bucket, by host" });
    // Axes, and gridlines at 0, half and the maximum.
    for (const count of [0, Math.round(maxCount / 2), maxCount]) {
      root.append(svg("line", { x1: left, x2: width - right, y1: y(count), y2: y(count), stroke: "#d9dde5" }));
      root.append(svg("text", { x: left - 6, y: y(count) + 4, "text-anchor": "end" }, count));
    }
    root.append(svg("text", { x: left, y: height - 10, "text-anchor": "start", class: "axis-start" }, time(new Date(from).toISOString().replace(/\.000Z$/, "Z"))));
    if (to !== from) {
      root.append(svg("text", { x: width - right, y: height - 10, "text-anchor": "end", class: "axis-end" }, time(new Date(to).toISOString().replace(/\.000Z$/, "Z"))));
    }

    hosts.forEach((series, index) => {
      const colour = COLOURS[index % COLOURS.length];
      const byStart = new Map(series.points.map((point) => [Date.parse(point.start), point.count]));
      // Buckets with no report are omitted by the API: a line drops to zero through them.
      const line = [];
      if (bucketCount <= MAX_FILLED_BUCKETS) {
        for (let i = 0; i < bucketCount; i++) {
          const start = from + i * bucket;
          line.push([x(start), y(byStart.get(start) || 0)]);
        }
      } else {
        for (const [start, count] of [...byStart.entries()].sort((a, b) => a[0] - b[0])) line.push([x(start), y(count)]);
      }
      const group = svg("g", { class: "series", "data-host": series.host, "data-total": series.total });
      group.append(svg("polyline", { points: line.map((p) => p[0].toFixed(1) + "," + p[1].toFixed(1)).join(" "),
        fill: "none", stroke: colour, "stroke-width": 2, "data-host": series.host }));
      for (const point of series.points) {
        const dot = svg("circle", { cx: x(Date.parse(point.start)).toFixed(1), cy: y(point.count).toFixed(1), r: 3.5,
          fill: colour, class: "point", "data-host-point": series.host, "data-count": point.count, "data-start": point.start });
        dot.append(svg("title", {}, series.host + ": " + point.count + " at " + time(point.start)));
        group.append(dot);
      }
      root.append(group);
    });
    return root;
  }

  // MARK: Suspects

  function renderSuspects(answer) {
    const tbody = document.querySelector("#suspects tbody");
    const suspects = answer.suspects || [];
    if (suspects.length === 0) {
      emptyRow(tbody, 9, "No suspect chains: every reported chain chains to the anchors with known keys.");
      return;
    }
    for (const suspect of suspects) {
      tbody.append(el("tr", { class: "suspect", "data-host": suspect.host, "data-reports": suspect.reports },
        el("td", null, suspect.host, suspect.noted_hostname && suspect.noted_hostname !== suspect.host
          ? el("div", { class: "detail" }, "pinned as " + suspect.noted_hostname) : null),
        el("td", null, (suspect.reasons || []).map((reason) => el("span", { class: "reason" }, reason.replace(/_/g, " "))),
          suspect.anchor_reason ? el("div", { class: "detail" }, suspect.anchor_reason) : null),
        el("td", { class: "issuers" }, list(suspect.issuers)),
        el("td", null, suspect.leaf_subject || "—", suspect.leaf_sha256
          ? el("div", { class: "detail pin" }, "sha256 " + suspect.leaf_sha256) : null),
        el("td", null, list(suspect.unknown_pins, "pin")),
        el("td", { class: "number" }, suspect.reports, suspect.latest_report_id
          ? el("div", { class: "detail" }, el("a", { class: "report-link", href: "/?report=" + encodeURIComponent(suspect.latest_report_id) },
            "latest report")) : null),
        el("td", null, time(suspect.first_seen)),
        el("td", null, time(suspect.last_seen)),
        el("td", null, (suspect.app_versions || []).join(", ") || "—",
          el("div", { class: "detail" }, (suspect.platforms || []).join(", ")))));
    }
    if (answer.total > suspects.length) {
      document.getElementById("suspects-section").append(el("p", { class: "hint", id: "suspects-more" },
        "The " + suspects.length + " most reported of " + answer.total + " suspects; the API pages them with ?limit= and ?offset=."));
    }
  }

  // MARK: One report (?report=ID)

  function renderReport(report) {
    document.getElementById("report-title").textContent = "Report " + report.id + ": " + report.hostname;
    const dl = document.getElementById("report");
    const clock = report.device_clock_offset_seconds;
    const items = [
      ["received", "Received", time(report.received_at) + " from " + report.source],
      ["device-time", "Device time", time(report.date_time) + (Math.abs(clock) >= 60 ? " (" + clock + " s from the collector's clock)" : "")],
      ["anchor-check", "Anchor check", report.anchor_check.replace(/_/g, " ") + (report.anchor_reason ? ": " + report.anchor_reason : "")],
      ["app", "App", report.app_bundle_id + " " + report.app_version + " on " + report.app_platform +
        (report.app_platform_version ? " " + report.app_platform_version : "")],
      ["host", "Host", report.hostname + (report.port ? ":" + report.port : "") + " (pinned as " + report.noted_hostname +
        (report.include_subdomains ? ", subdomains included" : "") + ")"],
      ["result", "Validation result", report.validation_result_name + " (" + report.validation_result + ")"],
      ["enforce", "Enforce pinning", report.enforce_pinning === null ? "not said" : String(report.enforce_pinning)],
      ["known-pins", "Known pins", list(report.known_pins, "pin")],
      ["duplicates", "Resends", report.duplicates],
      ["format", "Format", report.format + (report.trustkit_version ? ", TrustKit " + report.trustkit_version : "")],
    ];
    for (const [key, label, value] of items) {
      dl.append(el("div", { "data-key": key }, el("dt", null, label), el("dd", { id: "report-" + key }, value)));
    }
    const tbody = document.querySelector("#report-chain tbody");
    for (const certificate of report.certificates || []) {
      tbody.append(el("tr", { class: "certificate", "data-position": certificate.position },
        el("td", { class: "number" }, certificate.position), el("td", null, certificate.subject), el("td", null, certificate.issuer),
        el("td", null, el("code", { class: "pin" }, certificate.spki_pin)),
        el("td", null, time(certificate.not_before) + " to " + time(certificate.not_after))));
    }
    if (!report.certificates || report.certificates.length === 0) emptyRow(tbody, 5, "The report carries no chain.");
    document.getElementById("report-body").textContent = report.raw_body === null ? "(not kept)" : report.raw_body;
  }

  // MARK: Rotation readiness

  function renderRotation(answer) {
    const container = document.getElementById("rotation");
    const domains = answer.domains || [];
    if (domains.length === 0) {
      container.append(el("p", { class: "hint" }, "No pinned domain has reported yet."));
      return;
    }
    if (answer.domains_total > domains.length) {
      container.append(el("p", { class: "hint", id: "rotation-more" },
        "The first " + domains.length + " of " + answer.domains_total + " pinned domains, by name."));
    }
    for (const domain of domains) {
      const section = el("div", { class: "domain", "data-domain": domain.domain });
      section.append(el("h3", null, domain.domain));
      section.append(domain.next_pins && domain.next_pins.length > 0
        ? el("p", null, "Next pins: ", domain.next_pins.map((pin) => el("code", { class: "pin next-pin" }, pin + " ")))
        : el("p", { class: "hint" }, "No next pin configured for this domain (collect --next-pin DOMAIN=PIN or --next-certificate DOMAIN=FILE)."));

      const versions = el("tbody");
      for (const version of domain.versions || []) {
        const ready = version.has_next_pin;
        versions.append(el("tr", { class: "version", "data-version": version.app_version, "data-platform": version.platform,
          "data-reports": version.reports, "data-ready": ready === null || ready === undefined ? "unknown" : String(ready) },
          el("td", null, version.app_version), el("td", null, version.platform),
          el("td", { class: "number" }, version.reports),
          el("td", { class: "number blocked" }, version.blocked),
          el("td", { class: "number report-only" }, version.report_only),
          el("td", null, list(version.known_pins, "pin")),
          el("td", { class: ready === true ? "yes" : ready === false ? "no" : null },
            ready === true ? "yes" : ready === false ? "NO" : "—")));
      }
      section.append(el("table", { class: "rotation-versions" },
        el("thead", null, el("tr", null, ["App version", "Platform", "Reports", "Blocked", "Report-only", "Pins it reports", "Has the next pin"].map((h) => el("th", null, h)))),
        versions));

      const lacking = domain.versions_lacking_next_pin || [];
      if (lacking.length > 0) {
        section.append(el("p", { class: "no lacking" }, "Versions that would fail after the rotation: ",
          lacking.map((v) => v.app_version + " (" + v.platform + ", " + v.reports + " reports)").join("; ")));
      }

      const pins = el("tbody");
      for (const pin of domain.known_pins || []) {
        pins.append(el("tr", { class: "known-pin", "data-pin": pin.pin, "data-matched": pin.matched_reports },
          el("td", { class: "pin" }, pin.pin), el("td", { class: "number" }, pin.matched_reports),
          el("td", null, (pin.app_versions || []).join(", ") || "—")));
      }
      section.append(el("table", { class: "rotation-pins" },
        el("thead", null, el("tr", null, ["Known pin", "Reports whose chain carries it", "App versions"].map((h) => el("th", null, h)))),
        pins));
      if ((domain.unmatched_pins || []).length > 0) {
        section.append(el("p", { class: "unmatched" }, "Pins no report ever matched: ",
          domain.unmatched_pins.map((pin) => el("code", { class: "pin" }, pin + " "))));
      }
      container.append(section);
    }
  }

  // MARK: Start

  function fillFilter() {
    const since = document.getElementById("filter-since");
    const bucket = document.getElementById("filter-bucket");
    since.value = page.get("since") || "";
    const chosen = page.get("bucket") || "";
    if (![...bucket.options].some((option) => option.value === chosen)) bucket.append(el("option", { value: chosen }, chosen + " s"));
    bucket.value = chosen;
  }

  // Asks for the read token: the API answered 401 (none given, or a wrong one, which is forgotten).
  function askForToken(status, error) {
    const wrong = error.code === "auth.wrong_read_token";
    if (wrong) sessionStorage.removeItem(TOKEN_KEY);
    status.textContent = wrong
      ? "The read token is wrong: enter this collector's read token to see its analysis."
      : "This collector's analysis needs its read token: enter it below.";
    const form = document.getElementById("token-form");
    form.hidden = false;
    document.getElementById("token-input").focus();
    document.body.dataset.state = "locked";
  }

  function setUpTokenControls() {
    document.getElementById("token-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const token = document.getElementById("token-input").value.trim();
      if (!token) return;
      sessionStorage.setItem(TOKEN_KEY, token);
      window.location.reload();
    });
    const forget = document.getElementById("token-forget");
    forget.hidden = !readToken();
    forget.addEventListener("click", () => {
      sessionStorage.removeItem(TOKEN_KEY);
      window.location.reload();
    });
  }

  async function load() {
    takeTokenFromFragment();
    setUpTokenControls();
    fillFilter();
    const status = document.getElementById("status");
    const reportID = page.get("report");
    try {
      if (reportID !== null) {
        const report = await getJSON("/api/reports/" + encodeURIComponent(reportID));
        document.querySelector("main").querySelectorAll("section").forEach((section) => { section.hidden = section.id !== "report-section"; });
        renderReport(report);
        status.textContent = "Report " + report.id + ", read " + time(new Date().toISOString().replace(/\.\d+Z$/, "Z")) + ".";
        document.body.dataset.state = "ready";
        return;
      }
      const [summary, timeline, suspects, rotation] = await Promise.all(
        ["/api/summary", "/api/timeline", "/api/suspects", "/api/rotation"].map(getJSON));
      renderSummary(summary);
      renderTimeline(timeline);
      renderSuspects(suspects);
      renderRotation(rotation);
      status.textContent = summary.stored_reports + " reports" + (summary.since ? " since " + time(summary.since) : "") +
        ", read " + time(new Date().toISOString().replace(/\.\d+Z$/, "Z")) + ".";
      document.body.dataset.state = "ready";
    } catch (error) {
      if (error instanceof APIError && error.status === 401) {
        askForToken(status, error);
        return;
      }
      status.textContent = "The collector's analysis could not be read: " + error.message;
      document.body.dataset.state = "error";
    }
  }

  document.addEventListener("DOMContentLoaded", load);
})();
