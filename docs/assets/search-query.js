// Each search query, rewritten into the words the index holds before Material's
// search sees it. Material 9 has no query hook (the `__search.transform` of its
// versions 5 to 8 is gone): its bundle hands its search worker the index once,
// {type: 0, data: {config, docs}}, then each query as typed, {type: 2, data: "..."}.
// Loaded before the bundle, this file wraps the worker's postMessage (the browser's
// Worker, or the offline copy's iframe shim, whichever is window.Worker), and:
//
// * learns the index's words: its Chinese was cut by jieba at build time, words
//   separated by U+200B (gradsite/searchwords.py), and config.glossary maps every
//   way the glossary writes a term, in either language, to the term in the
//   page's language (also gradsite/searchwords.py: docs/glossary/ is the one list);
// * cuts a query's Chinese into the index's words, fewest words first, and Latin
//   letters apart from Chinese ("detach和clone的区别": detach 和 clone 的 区别);
// * drops stop words when other words remain (the, how, why, I; 的, 怎么, 了) and
//   Latin fragments of one or two letters: every word is searched as a prefix, and
//   "i" alone is the start of half the index. Code keeps its words: set_to_none=True,
//   data and no_grad are none of them;
// * searches a Chinese word the index has as a whole word (梯度 is not 梯度清零,
//   whose page title would outrank every section), an English word as the start
//   of its family (freez: freeze, freezing; accumulat: accumulate, accumulation);
// * adds the page language's term after a glossary term of the other language or
//   one of its variants (on zh pages micro-batch adds 微批次, on en pages 叶子节点
//   adds leaf tensor);
// * follows each Chinese word of the index with 〇, a character no index holds:
//   Material's worker cuts every run of Chinese characters again, against its
//   index, and its cutter never tries a run's last character, so 非叶子节点
//   alone would come back as 非 + 叶子; followed by 〇 it comes back whole;
// * tells docs/assets/search-miss.js, by a "gs-search-query" event on window,
//   whether the site has any of the query's words.
(function () {
  var QUERY = 2, SETUP = 0;
  var HAN = /\p{sc=Han}/u, HAN_RUNS = /\p{sc=Han}+|[^\p{sc=Han}]+/gu;
  var STOP = new Set((
    // English: question words, pronouns, auxiliaries, the pieces of "can't" and "it's",
    // and the words every page has (pytorch, torch, call)
    "a about after all also am an and any are as at be been being but by call can could d " +
    "did do does doing don doesn didn done each for from get gets getting got had has have " +
    "having he her here how i if in into is isn it its just ll m may me might must my need " +
    "needs of on one only onto or our pytorch re s shall she should so some such t than " +
    "that the their them then there these they this those to too torch use used uses using " +
    "ve very want was way we were what when where which while who whom why will with would " +
    "you your " +
    // Chinese: particles, question words and fillers, as jieba cuts them. Not 为什么:
    // the zh titles ask it too (为什么要清零, 为什么设计成累加)
    "的 了 吗 呢 吧 啊 呀 是 在 和 与 跟 及 或 或者 还是 把 被 给 让 对 就 都 也 还 又 很 " +
    "要 会 能 可以 应该 需要 得 地 着 过 怎么 怎样 怎么办 如何 什么 什么样 哪里 哪儿 哪个 " +
    "哪些 是否 是不是 能不能 会不会 有没有 时 时候 的时候 什么时候 一下 一个 这个 那个 " +
    "这 那 这样 那样 我 我的 你 它 我们 用 使用 进行 做 有 只 问题 作用 用法 办法 处理"
  ).split(" "));
  var separator = null, glossary = {}, forms = [], words = [], exact = new Set();

  // The index's words, sorted, for the prefix test (Material searches each word as a prefix).
  function learn(config, docs) {
    separator = new RegExp(config.separator, "u");
    glossary = config.glossary || {};
    forms = Object.keys(glossary).sort(function (a, b) { return b.length - a.length; });
    docs.forEach(function (doc) {
      [doc.title, doc.text, doc.twin].forEach(function (field) {
        if (!field) return;
        field.replace(/<[^>]*>/g, " ").split(separator).forEach(function (word) {
          word = word.toLowerCase().replace(/^[^\w\p{sc=Han}]+|[^\w\p{sc=Han}]+$/gu, "");
          if (word) exact.add(word);
        });
      });
    });
    words = Array.from(exact).sort();
  }

  function known(prefix) {
    var low = 0, high = words.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (words[middle] < prefix) low = middle + 1; else high = middle;
    }
    return low < words.length && words[low].lastIndexOf(prefix, 0) === 0;
  }

  // A run of Chinese cut into the index's words: fewest words, a known word before an
  // unknown character, then the more common words (jieba's cut, as near as the index shows).
  function cut(run) {
    var cost = [0], from = [0];
    for (var end = 1; end <= run.length; end++) {
      cost[end] = Infinity;
      for (var start = Math.max(0, end - 8); start < end; start++) {
        var word = run.slice(start, end), one = end - start === 1;
        if (!one && !exact.has(word)) continue;
        var step = cost[start] + (exact.has(word) ? 1 : 1.5);
        if (step < cost[end]) { cost[end] = step; from[end] = start; }
      }
    }
    var parts = [];
    for (var at = run.length; at > 0; at = from[at]) parts.unshift(run.slice(from[at], at));
    return parts;
  }

  // An English word as the start of its family, searched as a prefix: freez (freeze,
  // freezing), accumulat (accumulate, accumulation), gradient (gradients).
  function stem(word) {
    var root = word.replace(/(?:ing|ed|es|ation|e|(?<![su])s)$/, "");
    if (word.slice(-5) === "ation") root += "at";
    return root.length >= 4 ? root : word;
  }

  function transform(query) {
    var parts = [];
    query.split(separator).forEach(function (piece) {
      (piece.match(HAN_RUNS) || []).forEach(function (run) {
        if (HAN.test(run)) parts.push.apply(parts, cut(run)); else parts.push(run);
      });
    });
    var content = parts.filter(function (word) {
      return !STOP.has(word.toLowerCase()) && !/^[A-Za-z]{1,2}$/.test(word);
    });
    if (content.length) parts = content;
    // The glossary's terms, longest first, in the query as typed (micro-batch, 叶子节点).
    var rest = " " + query.toLowerCase().replace(/[-\s]+/g, " ") + " ";
    forms.forEach(function (form) {
      var key = form.replace(/[-\s]+/g, " "), at = rest.indexOf(key);
      if (at < 0) return;
      // A Latin term is a whole word: "hook" is not the start of "hooks_list".
      var apart = /\W/.test(rest[at - 1]) && /\W/.test(rest[at + key.length]);
      if (!HAN.test(key) && !apart) return;
      rest = rest.slice(0, at) + " ".repeat(key.length) + rest.slice(at + key.length);
      parts.push.apply(parts, glossary[form].split(" "));
    });
    // A miss: the index has none of the words but stop words, a Latin word counted whole
    // (TensorBoard, which the separator cuts into Tensor and Board); Material is sent nothing.
    var whole = parts.filter(HAN.test.bind(HAN)).concat(query.split(/[^A-Za-z0-9]+/));
    whole = whole.map(function (word) { return word.toLowerCase(); }).filter(function (word) {
      return word && !STOP.has(word);
    });
    var miss = whole.length > 0 && !whole.some(known);
    window.dispatchEvent(new CustomEvent("gs-search-query", { detail: { query: query, miss: miss } }));
    if (miss) return "";
    return parts.map(function (word) {
      if (/^[A-Za-z]{5,}$/.test(word)) return stem(word.toLowerCase());
      if (!/^\p{sc=Han}{2,}$/u.test(word) || !exact.has(word)) return word;
      // "^1", Material's boost syntax at its neutral weight, keeps it from adding "*".
      return word + "〇^1";
    }).join(" ");
  }

  var Worker = window.Worker;
  if (!Worker) return;
  var post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    if (message && message.type === SETUP && message.data && message.data.config) {
      learn(message.data.config, message.data.docs);
    } else if (message && message.type === QUERY && typeof message.data === "string" && separator) {
      message = { type: QUERY, data: transform(message.data) };
    }
    arguments[0] = message;
    return post.apply(this, arguments);
  };
})();
