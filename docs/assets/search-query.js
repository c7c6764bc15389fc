// Each search query, rewritten into the words the index holds before Material's
// search sees it. Material 9 has no query hook (the `__search.transform` of its
// versions 5 to 8 is gone): its bundle hands its search worker the index once,
// then each query as typed. Loaded before the bundle, this file wraps the worker's
// postMessage (the browser's Worker, or the offline copy's iframe shim, whichever
// is window.Worker), and:
//
// * learns the index's words: its Chinese was cut by jieba at build time, words
//   separated by U+200B (gradsite/searchwords.py), and config.glossary maps every
//   way the glossary writes a term, in either language, variants included, to the
//   term in the page's language, and a word readers type to the site's (loss: 损失,
//   涨: 增长; gradsite/searchwords.py, READER_WORDS);
// * cuts a query's Chinese into the index's words, fewest words first, and Latin
//   letters apart from Chinese ("detach和clone的区别": detach 和 clone 的 区别);
// * drops stop words when other words remain (lunr's English list, helper words,
//   words every page has; particles and question words: 的, 怎么, 没有, 还会), Latin
//   fragments of one or two letters (every word is searched as a prefix, and "i"
//   alone is the start of half the index), numbers of one or two digits (只剩2条:
//   a quantity, whose 2 found the version pages) and single Chinese characters;
// * reads a Latin word the index does not have as the index's words it runs
//   together: the index cuts names at their capitals, so runtimeerror is runtime
//   error and syncbatchnorm sync batch norm;
// * keeps what is written as code: `.grad`, `.to()` and `detach()` search that
//   name whole (`to` is a stop word elsewhere), None/True/False are Python's,
//   `set_to_none=True` also searches the argument's name, and an identifier's parts
//   weigh in a little (zero_grad: zero, grad);
// * searches a Chinese word the index has as a whole word (梯度 is not 梯度清零,
//   whose page title would outrank every section), an English word as the start
//   of its family (freez: freeze, freezing; tun: tune, tuning);
// * weighs the words: a question word (why, 为什么) 1, so that it favours sections
//   that ask why without outweighing the question's topic; an English content
//   word 3; a Chinese word as rare as it is (梯度 1, 导数 4);
// * adds the page language's term after a glossary term of the other language or
//   one of its variants (on zh pages micro-batch adds 微批次, on en pages 叶子节点
//   adds leaf tensor);
// * follows each Chinese word of the index with 〇, a character no index holds:
//   Material's worker cuts every run of Chinese characters again, against its
//   index, and its cutter never tries a run's last character, so 非叶子节点
//   alone would come back as 非 + 叶子; followed by 〇 it comes back whole;
// * tells docs/assets/search-miss.js, by a "gs-search-query" event on window,
//   whether the site has any of the query's words.
//
// Material's side of this (mkdocs-material 9.8, pinned in pyproject.toml), which
// tests/test_search.py reads in the installed Material and fails on, naming what
// changed (test_the_rewrite_speaks_material_s_worker_protocol):
// src/templates/assets/javascripts/integrations/search/worker/message/index.ts,
// `SearchMessageType {SETUP, READY, QUERY, RESULT}`: the bundle posts
// {type: SETUP (0), data: {config, docs, options}} once and {type: QUERY (2),
// data: "the query"} for each query, which the worker hands to its Search.search.
// The query's syntax is lunr's as Material reads it (integrations/search/query/
// transform): "word^3" is a whole word weighing 3; a word without a boost gets a "*"
// (a prefix); one with a boost cannot, so a prefix weighs more by being repeated.
// A message is rewritten only when its number and its shape both say what it is;
// otherwise it goes on as it came, with one warning in the console, and search
// works as Material's own.
(function () {
  var SETUP = 0, QUERY = 2, RESULT = 3;
  var HAN = /\p{sc=Han}/u, HAN_RUNS = /\p{sc=Han}+|[^\p{sc=Han}]+/gu;
  var CODE = /[._=()[\]]/; // a Latin run written as code: torch.no_grad(), set_to_none=True
  var STOP = new Set((
    // English: lunr's stop word list (Material's search leaves it out of its pipeline),
    // the pieces of "can't" and "it's", question and helper words, and the words
    // every page has (pytorch, torch, call, use)
    "a able about across after all almost also am among an and any are as at be because " +
    "been but by can cannot could dear did do does either else ever every for from get " +
    "got had has have he her hers him his how however i if in into is it its just least " +
    "let like likely may me might most must my neither no nor not of off often on only " +
    "or other our own rather said say says she should since so some than that the their " +
    "them then there these they this tis to too twas us wants was we were what when " +
    "where which while who whom will with would yet you your " +
    "isn doesn don didn aren wasn won t s d ll m re ve " +
    "being doing done gets getting happen happens happened keep keeps need needs onto " +
    "shall still want way each here very same " +
    "pytorch torch call calls called calling use uses using " +
    // Chinese: particles, question words and fillers, as jieba cuts them
    "的 了 吗 呢 吧 啊 呀 是 在 和 与 跟 及 或 或者 还是 把 被 给 让 对 就 都 也 还 又 很 " +
    "要 会 能 可以 应该 需要 得 地 着 过 怎么 怎样 怎么办 怎么样 怎么回事 如何 什么 什么样 " +
    "为何 哪里 哪儿 哪个 哪些 是否 是不是 能不能 会不会 要不要 有没有 可不可以 " +
    "时 时候 的时候 什么时候 一下 一个 这个 那个 这 那 这样 那样 我 我的 你 它 我们 " +
    "用 使用 进行 做 有 没有 没 只 却 问题 作用 用法 办法 处理 之后 以后 后 前 之前 以前"
  ).split(" "));
  var separator = null, glossary = {}, forms = [], words = [], exact = new Set(), docWords = [];
  var shown = {}; // the last query's stems: the reader's word for each (runtim: runtime)

  // The index's words, sorted, for the prefix test (Material searches each word as a prefix).
  function learn(config, docs) {
    separator = new RegExp(config.separator, "u");
    glossary = config.glossary || {};
    forms = Object.keys(glossary).sort(function (a, b) { return b.length - a.length; });
    docs.forEach(function (doc) {
      var mine = new Set();
      [doc.title, doc.text, doc.twin, doc.code].forEach(function (field) {
        if (!field) return;
        field.replace(/<[^>]*>/g, " ").split(separator).forEach(function (word) {
          word = word.toLowerCase().replace(/^[^\w\p{sc=Han}]+|[^\w\p{sc=Han}]+$/gu, "");
          if (word) { exact.add(word); mine.add(word); }
        });
      });
      docWords.push(mine);
    });
    words = Array.from(exact).sort();
  }

  // How rare a word is: lunr's idf over the index's entries that have it.
  function rarity(word) {
    var n = 0;
    docWords.forEach(function (list) { if (list.has(word)) n++; });
    return Math.log(1 + (docWords.length - n + 0.5) / (n + 0.5));
  }

  function known(prefix) {
    var low = 0, high = words.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (words[middle] < prefix) low = middle + 1; else high = middle;
    }
    return low < words.length && words[low].lastIndexOf(prefix, 0) === 0;
  }

  // A run of Chinese cut into the index's words (or stop words): fewest words, a known word
  // before an unknown character (jieba's cut, as near as the index shows).
  function cut(run) {
    var cost = [0], from = [0];
    for (var end = 1; end <= run.length; end++) {
      cost[end] = Infinity;
      for (var start = Math.max(0, end - 8); start < end; start++) {
        var word = run.slice(start, end), listed = exact.has(word) || STOP.has(word);
        if (end - start > 1 && !listed) continue;
        var step = cost[start] + (listed ? 1 : 1.5);
        if (step < cost[end]) { cost[end] = step; from[end] = start; }
      }
    }
    var parts = [];
    for (var at = run.length; at > 0; at = from[at]) parts.unshift(run.slice(from[at], at));
    return parts;
  }

  // A Latin word the index does not have, as two or else three of its words run together
  // (runtimeerror: runtime error; syncbatchnorm: sync batch norm), each of three letters or
  // more; null if none.
  function split(word, most) {
    for (var at = 3; at <= word.length - 3; at++) {
      var head = word.slice(0, at), tail = word.slice(at);
      if (exact.has(head) && exact.has(tail)) return [head, tail];
    }
    for (at = 3; most !== 2 && at <= word.length - 6; at++) {
      var rest = exact.has(word.slice(0, at)) && split(word.slice(at), 2);
      if (rest) return [word.slice(0, at)].concat(rest);
    }
    return null;
  }

  // An English word as the start of its family, searched as a prefix: freez (freeze,
  // freezing), accumulat (accumulate, accumulation), gradient (gradients).
  function stem(word) {
    var root = word.replace(/(?:ing|ed|es|e|(?<![su])s)$/, "");
    // tune: tun (tuning); a shorter root only when an e goes (an English verb's -ing drops it)
    return root.length >= 4 || (root.length === 3 && word === root + "e") ? root : word;
  }

  // The query's words: {word, stop, how, weight}, how "whole" (a word of the index,
  // searched as it is) or "start" (searched as a prefix). A content word weighs CONTENT,
  // a question word (why, 为什么: a why-question's words also match the titles that ask
  // why, and nothing more) and the parts of a code name (zero_grad: zero, grad) weigh 1.
  var CONTENT = 3, QUESTION = new Set(["why", "为什么"]), LITERAL = new Set(["none", "true", "false"]);
  function terms(query) {
    var found = [];
    function add(word, stop, how, weight) {
      found.push({ word: word, stop: stop, how: how, weight: weight || (QUESTION.has(word) ? 1 : CONTENT) });
    }
    query.split(/\s+/).forEach(function (chunk) {
      (chunk.match(HAN_RUNS) || []).forEach(function (run) {
        if (HAN.test(run)) {
          cut(run).forEach(function (word) {
            // A word of particles (还会, 就是, 都要) is one too.
            var particles = Array.from(word).every(function (c) { return STOP.has(c); });
            add(word, STOP.has(word) || word.length === 1 || particles, "whole");
          });
          return;
        }
        var code = CODE.test(run);
        run.split(separator).forEach(function (word) {
          word = word.toLowerCase().replace(/^[^\w]+|[^\w=]+$/g, "");
          if (!word) return;
          if (LITERAL.has(word)) {
            add(word, false, "whole"); // None, True, False: Python's, not the start of words
            return;
          }
          if (!code || word === "torch" || word.length === 1) {
            // A number of one or two digits (2 条, 8 GPUs) is a quantity, unless written
            // as a version (2.x, 2.0) or code; 2400 is the number of a worked example.
            var stop = STOP.has(word) || /^[a-z]{1,2}$/.test(word);
            stop = stop || (!code && /^\d\d?$/.test(word));
            if (!stop && !code && !known(word)) {
              // A name typed in lowercase (runtimeerror, syncbatchnorm, gradscaler): the
              // index has it cut at its capitals (Runtime Error), so search its parts.
              var parts = split(word);
              if (parts) {
                parts.forEach(function (part) { add(part, STOP.has(part), "start"); });
                return;
              }
            }
            add(word, stop, "start");
            return;
          }
          if (/^\w+=\w+$/.test(word)) {
            // An argument as written, and its name: set_to_none=true, set_to_none
            add(word, false, "start");
            word = word.split("=")[0];
          }
          // A name written as an attribute or a call (.grad, .to(), detach()) is that
          // name; an identifier (zero_grad) is also the start of its family and,
          // weighing less, the words it is made of.
          var named = /^\.|\)$/.test(run) || word.length < 3;
          add(word, false, named ? "whole" : "start");
          if (word.indexOf("_") > 0) {
            word.split("_").forEach(function (part) {
              if (part.length > 2 && !STOP.has(part)) add(part, false, "start", 1);
            });
          }
        });
      });
    });
    return found;
  }

  function transform(query) {
    var found = terms(query);
    var content = found.filter(function (term) { return !term.stop; });
    if (content.length) found = content;
    // The glossary's terms, longest first, in the query as typed (micro-batch, 叶子节点),
    // at full weight in a query with Chinese (micro-batch大小不同, 叶子节点), at 1 in one
    // without: an English error message pasted on a Chinese page looks for its entry.
    var mixed = HAN.test(query) ? CONTENT : 1;
    var rest = " " + query.toLowerCase().replace(/[-\s]+/g, " ") + " ";
    forms.forEach(function (form) {
      var key = form.replace(/[-\s]+/g, " "), at = rest.indexOf(key);
      if (at < 0) return;
      // A Latin term is a whole word: "hook" is not the start of "hooks_list".
      var apart = /\W/.test(rest[at - 1]) && /\W/.test(rest[at + key.length]);
      if (!HAN.test(key) && !apart) return;
      rest = rest.slice(0, at) + " ".repeat(key.length) + rest.slice(at + key.length);
      glossary[form].split(" ").forEach(function (word) {
        found.push({ word: word, stop: false, how: HAN.test(word) ? "whole" : "start", weight: mixed });
      });
    });
    // A miss: the index has none of the words but stop words; Material is sent nothing. A
    // Latin word counts whole, as words it runs together, or by all its parts: the separator
    // cuts GradScaler into Grad and Scaler, both in the index, and TensorBoard into Tensor
    // and Board, not both.
    var whole = found.map(function (term) { return term.word; }).filter(HAN.test.bind(HAN))
      .concat(query.split(/[^A-Za-z0-9]+/))
      .filter(function (word) { return word && !STOP.has(word.toLowerCase()); });
    var miss = whole.length > 0 && !whole.some(function (word) {
      var low = word.toLowerCase();
      return known(low) || split(low) || word.split(separator).every(function (part) {
        return !part || known(part.toLowerCase());
      });
    });
    window.dispatchEvent(new CustomEvent("gs-search-query", { detail: { query: query, miss: miss } }));
    if (miss) return "";
    // Each word once, at its weight: Material's boost (word^3) for a whole word; a word
    // searched as a prefix cannot carry one (Material would drop its "*"), so it is
    // repeated, which weighs the same in lunr's query vector.
    var weights = new Map();
    found.forEach(function (term) {
      var word = term.word, key;
      if (HAN.test(word)) key = exact.has(word) ? word + "〇^" : word;
      else if (term.how === "whole") key = word + "^";
      else key = /^[a-z]{4,}$/.test(word) ? stem(word) : word;
      // A Chinese word weighs its rarity (lunr's idf, rounded, 1 to 6): 梯度, 参数 and
      // 训练, in most sections, weigh 1, and a section titled with one of them no longer
      // outranks the one whose text has the rare words (二阶, 导数). An English word is
      // searched as the start of its family, whose forms lunr weighs one by one already.
      var weight = term.weight;
      if (weight === CONTENT && HAN.test(key)) {
        weight = Math.max(1, Math.min(6, Math.round(rarity(key.replace(/〇?\^$/, "")))));
      }
      weights.set(key, Math.max(weights.get(key) || 0, weight));
    });
    shown = {};
    found.forEach(function (term) {
      var key = stem(term.word);
      if (!HAN.test(term.word) && key !== term.word && /^[a-z]{4,}$/.test(term.word)) {
        shown[key] = term.word;
      }
    });
    var out = [];
    weights.forEach(function (weight, key) {
      if (/\^$/.test(key)) out.push(key + weight);
      else for (var n = 0; n < weight; n++) out.push(key);
    });
    return out.join(" ");
  }

  // In the console: gsSearch.transform("...") shows what a query becomes, and with
  // gsSearch.rewrite = false queries go as typed and answers as Material orders them, to compare
  // with Material's own search (tests/test_search.py does, to show that the rewrite is what
  // lands its questions).
  var gsSearch = window.gsSearch = { rewrite: true, transform: transform, rank: rank };

  // The result's pages, reordered by how much of the query each one answers: Material
  // orders them by their best section's score, a sum over the words found, so a section
  // with one rare word of a question (到底, 找出) outranks one with all its other words.
  // A section now counts its score times (1 + the share of the query's words it has) / 2;
  // a page, its best section: the tuned sets unchanged, the held-out questions up a little
  // (tests/search_measured.toml's and tests/search_unseen.toml's headers have the numbers and
  // the rules tried).
  // Within a page, its sections go in the same order, so that the section shown under the
  // page's title is the one the page was ranked by (Material shows the first, and those that
  // score as much, and folds the rest under "N more on this page").
  function rank(items) {
    function worth(item) {
      var terms = item.terms || {}, words = Object.keys(terms), found = 0;
      words.forEach(function (word) { if (terms[word]) found++; });
      return (item.score || 0) * (1 + (words.length ? found / words.length : 1)) / 2;
    }
    function order(list, value) {
      return list
        .map(function (entry, i) { return { entry: entry, value: value(entry), i: i }; })
        .sort(function (a, b) { return b.value - a.value || a.i - b.i; })
        .map(function (ranked) { return ranked.entry; });
    }
    return order(items.map(function (group) { return order(group, worth); }), function (group) {
      return worth(group[0]);
    });
  }
  // Material lists the words a result lacks ("Missing: runtim") as it was sent them: a stem
  // reads as a typo, so each is shown as the word the reader typed.
  var list = document.querySelector(".md-search-result__list");
  if (list) {
    new MutationObserver(function () {
      list.querySelectorAll(".md-search-result__terms del").forEach(function (del) {
        if (shown[del.textContent]) del.textContent = shown[del.textContent];
      });
    }).observe(list, { childList: true, subtree: true });
  }

  var Worker = window.Worker, warned = false;
  if (!Worker) return;
  // Material reads the worker's answers with addEventListener("message"): each answer of
  // type RESULT (3) is reordered before Material's listener sees it.
  var listen = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function (type, listener) {
    if (type === "message" && typeof listener === "function") {
      var material = listener;
      arguments[1] = function (event) {
        var answer = event && event.data;
        if (gsSearch.rewrite && answer && answer.type === RESULT && answer.data &&
            Array.isArray(answer.data.items)) {
          answer.data.items = rank(answer.data.items);
        }
        return material.apply(this, arguments);
      };
    }
    return listen.apply(this, arguments);
  };
  var post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    var data = message && message.data;
    if (message && message.type === SETUP && data && data.config && Array.isArray(data.docs)) {
      learn(data.config, data.docs);
    } else if (message && message.type === QUERY && typeof data === "string" && separator) {
      if (!gsSearch.rewrite) return post.apply(this, arguments);
      message = { type: QUERY, data: transform(data) };
    } else if (!warned && message && (typeof data === "string" || (data && data.docs))) {
      warned = true; // an index or a query under another number: Material changed
      console.warn("search-query.js: Material's search messages changed; queries go as typed");
    }
    arguments[0] = message;
    return post.apply(this, arguments);
  };
})();
