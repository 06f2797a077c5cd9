import LocflowCore
import LocflowFlow

/// `locflow html`: one self-contained page (inline CSS and script, no network) that walks
/// through a flow: each step's frame as the explorer drew it (inline SVG), its caption, the
/// timeline, previous and next by button and arrow key, and a link to each rule's sources.
/// Everything from the flow is escaped: it may come from a stranger.
public enum Walkthrough {
    public static func html(_ walk: Walk, theme: Theme, language: Language) -> String {
        let L = { (en: String, ko: String) in language == .ko ? ko : en }
        let bg = theme.defaultBackground, fg = theme.defaultForeground
        let dim = theme == .dark ? "#9ca3af" : "#4b5563", line = theme == .dark ? "#3f3f46" : "#d1d5db"
        let accent = theme == .dark ? "#60a5fa" : "#1d4ed8", panel = theme == .dark ? "#27272a" : "#f3f4f6"
        var out = "<!DOCTYPE html>\n<html lang=\"\(language.rawValue)\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        // Nothing is fetched: no scripts, styles, fonts or images from anywhere.
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        out += "<title>\(escape(walk.title))</title>\n<style>\n"
        out += """
        body{margin:0;background:\(bg);color:\(fg);font:15px/1.45 system-ui,-apple-system,'Segoe UI','Noto Sans','Noto Sans CJK KR','Apple SD Gothic Neo','Malgun Gothic',sans-serif}
        header{padding:14px 22px 6px}h1{font-size:20px;margin:0 0 4px}header p{margin:0;color:\(dim)}
        main{display:flex;gap:18px;padding:8px 22px 22px;align-items:flex-start}
        nav.timeline{flex:0 0 290px;max-height:calc(100vh - 120px);overflow:auto;border:1px solid \(line);border-radius:8px}
        nav.timeline ol{list-style:none;margin:0;padding:4px}nav.timeline a{display:block;padding:4px 8px;border-radius:6px;color:\(fg);text-decoration:none;font:13px/1.35 ui-monospace,'DejaVu Sans Mono',Menlo,Consolas,monospace;overflow-wrap:anywhere}
        nav.timeline a .t{color:\(dim);margin-right:6px}nav.timeline a.current{background:\(accent);color:\(bg)}nav.timeline a.current .t{color:\(bg)}
        .stage{flex:1;min-width:0}.controls{display:flex;gap:8px;align-items:center;margin-bottom:10px}
        button{font:inherit;padding:5px 14px;border-radius:6px;border:1px solid \(line);background:\(panel);color:\(fg);cursor:pointer}button:disabled{opacity:.4;cursor:default}
        .where{color:\(dim)}.step h2{font:600 15px ui-monospace,'DejaVu Sans Mono',Menlo,Consolas,monospace;margin:0 0 8px;overflow-wrap:anywhere}
        .frame svg{max-width:100%;height:auto;border:1px solid \(line);border-radius:6px;display:block}
        .caption{font-size:17px;margin:10px 0;max-width:75ch;overflow-wrap:anywhere}.rules{color:\(dim);font-size:13px;margin:0;padding-left:18px}
        .rules a{color:\(accent)}.js .step{display:none}.js .step.current{display:block}.step{margin-bottom:28px}
        #selftest{white-space:pre;font-family:monospace}

        """
        out += "</style>\n</head>\n<body>\n<header><h1>\(escape(walk.title))</h1>"
        out += "</header>\n<main>\n<nav class=\"timeline\" aria-label=\"\(L("Steps", "단계"))\"><ol>\n"
        for p in walk.panels {
            let label = p.flowText ?? L("start", "시작")
            out += "<li><a href=\"#step-\(p.step)\" data-step=\"\(p.step)\"><span class=\"t\">\(formatClock(p.time / 1000 * 1000))</span>\(escape(label))</a></li>\n"
        }
        out += "</ol></nav>\n<div class=\"stage\">\n<div class=\"controls\"><button id=\"prev\" type=\"button\">← \(L("Previous", "이전"))</button>"
        out += "<button id=\"next\" type=\"button\">\(L("Next", "다음")) →</button><span class=\"where\" id=\"where\"></span></div>\n"
        for p in walk.panels {
            out += "<section class=\"step\" id=\"step-\(p.step)\" data-step=\"\(p.step)\">\n"
            let head = p.step == 0 ? L("Start", "시작") : "\(L("Step", "단계")) \(p.step): " + (p.flowText ?? "")
            out += "<h2>\(escape(head)) <span class=\"where\">\(formatClock(p.time / 1000 * 1000))</span></h2>\n"
            out += "<div class=\"frame\">" + SVGPicture.shot(p.frame, theme: theme, title: head) + "</div>\n"
            if let c = p.caption, !c.isEmpty { out += "<p class=\"caption\">\(escape(c))</p>\n" }
            if !p.rules.isEmpty {
                out += "<ul class=\"rules\">"
                for r in p.rules {
                    let text = language == .ko ? Korean.rules[r] ?? r.text : r.text
                    out += "<li>\(escape(text)) [\(escape(r.source))]"
                    for s in r.sources {
                        if let url = s.url, url.hasPrefix("https://") {
                            out += " <a href=\"\(escape(url))\" rel=\"noreferrer\">\(escape(s.id)): \(escape(s.title))</a>"
                        } else {
                            out += " \(escape(s.id)): \(escape(s.title))"
                        }
                    }
                    out += "</li>"
                }
                out += "</ul>\n"
            }
            out += "</section>\n"
        }
        out += "</div>\n</main>\n<script>\n" + script + "</script>\n</body>\n</html>\n"
        return out
    }

    /// The page's behaviour: one step at a time, ← and → (and the buttons, and the timeline) move;
    /// `?selftest` presses → once and writes what it saw into `#selftest` (for a headless check).
    static let script = """
    (function () {
      var errors = [];
      window.addEventListener('error', function (e) { errors.push(String(e.message)); });
      document.documentElement.className = 'js';
      document.body.className = 'js';
      var steps = Array.prototype.slice.call(document.querySelectorAll('section.step'));
      var links = Array.prototype.slice.call(document.querySelectorAll('nav.timeline a'));
      var prev = document.getElementById('prev'), next = document.getElementById('next');
      var where = document.getElementById('where');
      var current = 0;
      function show(i) {
        if (i < 0 || i >= steps.length) return;
        current = i;
        steps.forEach(function (s, j) { s.classList.toggle('current', j === i); });
        links.forEach(function (a, j) {
          a.classList.toggle('current', j === i);
          if (j === i && a.scrollIntoView) a.scrollIntoView({ block: 'nearest' });
        });
        prev.disabled = i === 0;
        next.disabled = i === steps.length - 1;
        where.textContent = (i + 1) + ' / ' + steps.length;
        // The address keeps the step (some browsers refuse this for a file: the page works without).
        try { if (history.replaceState) history.replaceState(null, '', location.search + '#' + steps[i].id); } catch (e) {}
      }
      prev.addEventListener('click', function () { show(current - 1); });
      next.addEventListener('click', function () { show(current + 1); });
      links.forEach(function (a, j) { a.addEventListener('click', function (e) { e.preventDefault(); show(j); }); });
      document.addEventListener('keydown', function (e) {
        if (e.altKey || e.ctrlKey || e.metaKey) return;
        if (e.key === 'ArrowRight' || e.key === 'PageDown' || e.key === 'j') { show(current + 1); e.preventDefault(); }
        else if (e.key === 'ArrowLeft' || e.key === 'PageUp' || e.key === 'k') { show(current - 1); e.preventDefault(); }
        else if (e.key === 'Home') { show(0); e.preventDefault(); }
        else if (e.key === 'End') { show(steps.length - 1); e.preventDefault(); }
      });
      var start = 0;
      steps.forEach(function (s, j) { if ('#' + s.id === location.hash) start = j; });
      show(start);
      if (/(^|[?&])selftest(=|&|$)/.test(location.search)) {
        var shown = function () { return steps.filter(function (s) { return getComputedStyle(s).display !== 'none'; }).map(function (s) { return s.id; }).join(','); };
        show(0);
        var first = shown();
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        var second = shown();
        var ok = errors.length === 0 && first === steps[0].id && (steps.length < 2 || second === steps[1].id);
        var out = document.createElement('pre');
        out.id = 'selftest';
        out.textContent = 'selftest ' + (ok ? 'PASS' : 'FAIL') + ': steps=' + steps.length + ' first=' + first + ' after-arrow=' + second + ' errors=' + errors.length;
        document.body.appendChild(out);
      }
    })();

    """

    /// Text for HTML (element content and quoted attributes): markup, quotes and ampersands
    /// escaped, control and direction characters shown escaped, so a flow's words stay words.
    public static func escape(_ s: String) -> String {
        SVGPicture.escape(TextSafety.escape(s, keepNewlines: false)).replacingOccurrences("'", "&#39;")
    }
}
