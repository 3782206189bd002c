'use strict';
/*
 * Raiders of the Lost Tomb, an independent implementation in plain Node.js (no packages).
 *
 * Written from the rulebook's rules as the tombspec catalog quotes them (spec/raiders.toml) and from
 * the readings the tombspec model documents for what the rulebook leaves open (the options named after
 * the catalog's ambiguities).  It keeps the model's state shape and its turn phases, so that the
 * conform protocol can compare the two after every step (docs/oracle.md).
 *
 * A state is plain JSON data; applying an action never changes the state it is given: a step copies
 * the state into a draft, lets the rules change the draft, and answers the draft.
 *
 * Where the rulebook is open, the reading is asked for (`read`) exactly where the answer depends on it;
 * an option left unset (null) then raises Unspecified.  Where every reading gives the same answer
 * (`byReading`), nothing is asked.
 */

// ------------------------------------------------------------------------------------------------
// Errors: a rule broken, a question the rulebook leaves open, malformed input

class IllegalAction extends Error {
  constructor(rule, message) {
    super(`${rule}: ${message}`);
    this.rule = rule;
  }
}

class Unspecified extends Error {
  constructor(ambiguity, message) {
    super(`${ambiguity}: ${message}`);
    this.ambiguity = ambiguity;
  }
}

class InvalidInput extends Error {}

function require(condition, rule, message) {
  if (!condition) throw new IllegalAction(rule, message || `breaks ${rule}`);
}

// ------------------------------------------------------------------------------------------------
// Options: the Advanced Rules, and one reading per open question of the rulebook

const VARIANTS = {
  special_tiles: 'raiders.advanced.special-tiles',
  audacity_advanced: 'raiders.advanced.audacity-advanced',
};

const TURN_START_ORDERS = ['escape-attack-encounter', 'escape-encounter-attack', 'attack-escape-encounter',
  'attack-encounter-escape', 'encounter-escape-attack', 'encounter-attack-escape'];

// option: [ambiguity, default reading, other readings]
const READINGS = {
  five_or_six: ['raiders.ambiguity.five-or-six', 'either-number', ['heads-only']],
  natural_six: ['raiders.ambiguity.natural-six-pennies', 'six-pennies', ['all-pennies', 'own-pennies']],
  penny_cap: ['raiders.ambiguity.penny-cap', 'six', ['no-cap']],
  audacity_cap: ['raiders.ambiguity.audacity-cap', 'no-cap', ['shared-six']],
  grail_holder_killed: ['raiders.ambiguity.grail-holder-killed', 'survivor-gains', ['nobody-wins']],
  encounter_free_entry: ['raiders.ambiguity.encounter-free-entry', 'any-roll', ['successful-roll']],
  failing_a_move_roll: ['raiders.ambiguity.failing-a-move-roll', 'not-moving', ['no-match']],
  back_one_full_tile: ['raiders.ambiguity.back-one-full-tile', 'previous-tile-adjacent', ['next-tile-adjacent']],
  boss_encounter_chain: ['raiders.ambiguity.boss-encounter-chain', 'chain-ahead', ['one-room', 'chain-any-direction']],
  boss_number: ['raiders.ambiguity.boss-number-with-audacity', 'raw-roll', ['altered-roll']],
  escape_tile_or_space: ['raiders.ambiguity.escape-tile-or-space', 'escape-space', ['escape-tile']],
  shared_start_space: ['raiders.ambiguity.shared-start-space', 'attack-applies', ['start-exempt']],
  grail_gain_kills: ['raiders.ambiguity.grail-gain-kills', 'killed', ['floor-one']],
  audacity_advanced_attack: ['raiders.ambiguity.audacity-advanced-attack', 'before-roll-defender-first',
    ['after-roll-as-standard']],
  black_tile: ['raiders.ambiguity.black-tile-any-face', 'either-face-no-audacity', ['any-number']],
  portal_second_visit: ['raiders.ambiguity.portal-second-visit', 'enter-without-use', ['no-entry']],
  start_escape_numbers: ['raiders.ambiguity.start-escape-numbers', 'any-roll', ['printed-number']],
  ahead_behind: ['raiders.ambiguity.ahead-behind', 'escape-distance', ['tile-order']],
  grail_player_labels: ['raiders.ambiguity.grail-player-labels', 'after-grail', ['starting-values']],
  encounter_roll_timing: ['raiders.ambiguity.encounter-roll-timing', 'next-turn', ['same-turn']],
  forced_move_choice: ['raiders.ambiguity.forced-move-choice', 'player-chooses', ['nearest-escape']],
  boss_tie_break: ['raiders.ambiguity.boss-tie-break', 'board-order', ['current-player-chooses', 'other-player-chooses']],
  back_one_tile: ['raiders.ambiguity.back-one-tile', 'one-space', ['one-card-tile']],
  trapped_after_fail: ['raiders.ambiguity.trapped-after-fail', 'released', ['still-trapped']],
  attack_audacity_target: ['raiders.ambiguity.attack-audacity-target', 'own-heads', ['either-roll']],
  large_or_extra_large: ['raiders.ambiguity.large-or-extra-large', 'one-rule', ['touch-two-or-one']],
  useless_audacity: ['raiders.ambiguity.useless-audacity', 'allowed', ['refused']],
  natural_six_yellow_red: ['raiders.ambiguity.natural-six-yellow-red', 'any-space', ['heads-only']],
  yellow_red_encounter_rooms: ['raiders.ambiguity.yellow-red-encounter-rooms', 'free-entry', ['by-heads']],
  black_tile_encounter_audacity: ['raiders.ambiguity.black-tile-encounter-audacity', 'moving-only',
    ['every-roll']],
  black_tile_boosted_roll: ['raiders.ambiguity.black-tile-boosted-roll', 'no-boosted-entry', ['boost-allowed']],
  spawn_traps: ['raiders.ambiguity.spawn-traps', 'spawn-traps', ['only-moves-trap']],
  turn_start_order: ['raiders.ambiguity.turn-start-order', TURN_START_ORDERS[0], TURN_START_ORDERS.slice(1)],
  boss_no_nearer_step: ['raiders.ambiguity.boss-no-nearer-step', 'still-moves', ['stays']],
  malfunction_first_tile: ['raiders.ambiguity.malfunction-first-tile', 'start-space', ['stays']],
  portal_success_stay: ['raiders.ambiguity.portal-success-stay', 'may-stay', ['other-portal']],
  escape_pass_space: ['raiders.ambiguity.escape-pass-any-space', 'adjacent-ahead', ['any-space-ahead']],
  boss_after_a_kill: ['raiders.ambiguity.boss-after-a-kill', 'no-move', ['still-moves']],
  move_audacity: ['raiders.ambiguity.move-audacity-beyond-need', 'exactly-needed', ['at-least-needed']],
  rest_without_lost_penny: ['raiders.ambiguity.rest-without-lost-penny', 'refused', ['skip-turn']],
  raider_onto_boss: ['raiders.ambiguity.raider-onto-boss', 'boss-moves-only', ['sharing-traps']],
  monster_fail_audacity: ['raiders.ambiguity.monster-fail-without-audacity', 'nothing-lost', ['owed']],
};

function makeOptions(data) {
  const options = {};
  for (const name of Object.keys(VARIANTS)) options[name] = false;
  for (const [name, [, dflt]] of Object.entries(READINGS)) options[name] = dflt;
  if (data === null || data === undefined) return options;
  if (typeof data !== 'object' || Array.isArray(data)) throw new InvalidInput('options must be an object');
  for (const [name, value] of Object.entries(data)) {
    if (name in VARIANTS) {
      if (typeof value !== 'boolean') throw new InvalidInput(`option ${name} must be true or false`);
    } else if (name in READINGS) {
      const [, dflt, others] = READINGS[name];
      if (value !== null && value !== dflt && !others.includes(value)) {
        throw new InvalidInput(`option ${name} must be one of ${[dflt, ...others].join(', ')}`);
      }
    } else {
      throw new InvalidInput(`unknown option ${name}`);
    }
    options[name] = value;
  }
  return options;
}

// The reading chosen for an open question; unset (null), the rulebook does not settle it.
function read(options, name) {
  const value = options[name];
  if (value === null) {
    throw new Unspecified(READINGS[name][0], `the rulebook does not settle this and option ${name} is unset`);
  }
  return value;
}

// What the rules give under the reading of `name`, from what each reading gives: when every reading
// gives the same, the rulebook is not open here and nothing is asked.
function byReading(options, name, outcomes) {
  const values = Object.values(outcomes).map((v) => JSON.stringify(v));
  if (values.every((v) => v === values[0])) return Object.values(outcomes)[0];
  return outcomes[read(options, name)];
}

// ------------------------------------------------------------------------------------------------
// The tomb: tiles laid in stack order, each later tile on top; spaces adjacent in 8 directions

const TOKEN = /^(?:([1-6])|([MTP])|([SE])([1-6])?|(\.))$/;
const ROOMS = { M: 'monster', T: 'trap', P: 'portal' };
const ENCOUNTER_KINDS = ['monster', 'trap', 'portal'];
const COLOURS = ['plain', 'yellow-red', 'black'];
// layout: [rule, spaces overlapping the previous tile]
const LAYOUTS = {
  standard: ['raiders.setup.overlap-one-space', 1],
  small: ['raiders.variant.small-tomb', 2],
  large: ['raiders.variant.large-tomb', 0],
  'extra-large': ['raiders.variant.large-tomb', 0],
};
const BY = ['escape-distance', 'tile-order'];

function rotate(grid, rotation) {
  const turns = ((Math.floor(rotation / 90) % 4) + 4) % 4;
  for (let t = 0; t < turns; t++) {
    const rows = grid.length;
    const cols = rows ? Math.min(...grid.map((r) => r.length)) : 0;
    const next = [];
    for (let c = 0; c < cols; c++) {
      const row = [];
      for (let r = rows - 1; r >= 0; r--) row.push(grid[r][c]);
      next.push(row);
    }
    grid = next;
  }
  return grid;
}

class Board {
  // `touch`: the reading of raiders.ambiguity.large-or-extra-large (how a Large Tomb's tiles touch).
  constructor(data, touch = 'one-rule') {
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new InvalidInput('the board must be an object');
    const layout = (data.board && data.board.layout) || 'standard';
    if (!(layout in LAYOUTS) && layout !== 'free') throw new InvalidInput(`layout ${layout} is not known`);
    const tiles = new Map();
    for (const tile of data.tiles || []) {
      if (!tile || typeof tile.id !== 'string' || !Array.isArray(tile.rows)) throw new InvalidInput('a tile needs an id and rows');
      if (tile.colour !== undefined && !COLOURS.includes(tile.colour)) throw new InvalidInput(`tile ${tile.id}: colour ${tile.colour}`);
      tiles.set(tile.id, tile);
    }
    const placements = data.placements || [];
    if (!placements.length) throw new InvalidInput('a board needs at least one placement');
    const cells = new Map();
    let previous = new Set();
    let origin = [0, 0];
    let farthest = 0;
    const near8 = (set, x, y) => [-1, 0, 1].some((dx) => [-1, 0, 1].some((dy) => set.has(`${x + dx},${y + dy}`)));
    placements.forEach((pl, index) => {
      const tile = tiles.get(pl.tile);
      if (!tile) throw new InvalidInput(`placement ${index + 1} names an unknown tile ${pl.tile}`);
      if ((pl.rotation || 0) % 90) throw new InvalidInput(`placement ${index + 1}: rotation must be a multiple of 90`);
      const grid = rotate(tile.rows.map((row) => (row.trim() ? row.trim().split(/\s+/) : [])), pl.rotation || 0);
      const mine = new Map();
      grid.forEach((row, dy) => row.forEach((token, dx) => {
        const m = TOKEN.exec(token);
        if (!m) throw new InvalidInput(`tile ${tile.id}: ${token} is not a space token`);
        if (m[5]) return;
        const x = (pl.x || 0) + dx;
        const y = (pl.y || 0) + dy;
        let kind;
        let number = null;
        if (m[1]) { kind = 'number'; number = Number(m[1]); }
        else if (m[2]) kind = ROOMS[m[2]];
        else { kind = m[3] === 'S' ? 'start' : 'escape'; number = m[4] ? Number(m[4]) : null; }
        const id = `${x},${y}`;
        const below = cells.get(id);
        cells.set(id, { id, x, y, kind, number, tile: index, tiles: [...(below ? below.tiles : []), index],
          colour: tile.colour || 'plain' });
        mine.set(id, [x, y]);
      }));
      if (index && layout !== 'free') {
        const [rule, want] = LAYOUTS[layout];
        const overlap = [...mine.keys()].filter((id) => previous.has(id)).length;
        if (overlap !== want) throw new InvalidInput(`${rule}: tile ${index + 1} overlaps ${overlap} space(s) of the previous tile; the ${layout} layout needs ${want}`);
        if (want === 0 && ![...mine.values()].some(([x, y]) => near8(previous, x, y))) {
          throw new InvalidInput(`${rule}: tile ${index + 1} does not touch the previous tile`);
        }
        if (want === 0 && touch === 'touch-two-or-one') {
          let sides = 0;
          for (const [x, y] of mine.values()) {
            for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) if (previous.has(`${x + dx},${y + dy}`)) sides++;
          }
          const need = layout === 'large' ? 2 : 1;
          if (sides !== need) {
            throw new InvalidInput(`raiders.ambiguity.large-or-extra-large (touch-two-or-one): tile ${index + 1} touches the previous tile along ${sides} square(s); the ${layout} layout touches along ${need}`);
          }
        }
      }
      // "You must place the tile on the opposite side from the Start side": the Tomb grows outward.
      const pts = [...mine.values()];
      const centre = [pts.reduce((n, [x]) => n + x, 0) / pts.length, pts.reduce((n, [, y]) => n + y, 0) / pts.length];
      if (index === 0) origin = centre;
      else if (layout !== 'free') {
        const reach = (centre[0] - origin[0]) ** 2 + (centre[1] - origin[1]) ** 2;
        if (reach <= farthest) throw new InvalidInput(`raiders.setup.opposite-side: tile ${index + 1} does not extend the Tomb outward`);
        farthest = reach;
      }
      previous = new Set(mine.keys());
    });
    if (layout !== 'free') {
      const firsts = (pl) => new Set(tiles.get(pl.tile).rows.flatMap((row) => row.trim().split(/\s+/).map((t) => t[0])));
      if (!firsts(placements[0]).has('S') || !firsts(placements[placements.length - 1]).has('E')) {
        throw new InvalidInput('raiders.setup.stack-tiles: the Start tile must be placed first and the Escape tile last');
      }
    }
    const ordered = [...cells.values()].sort((a, b) => (a.y - b.y) || (a.x - b.x));
    this.spaces = new Map(ordered.map((s) => [s.id, s]));
    this.order = new Map(ordered.map((s, i) => [s.id, i]));
    this.adjacent = new Map();
    for (const s of ordered) {
      const near = [];
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          const other = `${s.x + dx},${s.y + dy}`;
          if ((dx || dy) && this.spaces.has(other)) near.push(other);
        }
      }
      near.sort((a, b) => this.order.get(a) - this.order.get(b));
      this.adjacent.set(s.id, near);
    }
    const starts = ordered.filter((s) => s.kind === 'start');
    const escapes = ordered.filter((s) => s.kind === 'escape');
    if (starts.length !== 1 || escapes.length !== 1) throw new InvalidInput('a board shows one Start and one Escape');
    this.start = starts[0].id;
    this.escape = escapes[0].id;
    this.portals = ordered.filter((s) => s.kind === 'portal').map((s) => s.id);
    this.distances = new Map();
    const far = this.spaces.size + 1;
    const fromEscape = this.distanceFrom(this.escape);
    if (!fromEscape.has(this.start)) throw new InvalidInput('Escape cannot be reached from Start: the tiles do not connect');
    this.toEscape = new Map(ordered.map((s) => [s.id, fromEscape.has(s.id) ? fromEscape.get(s.id) : far]));
    this.byTile = new Map();
    for (const s of ordered) {
      if (!this.byTile.has(s.tile)) this.byTile.set(s.tile, []);
      this.byTile.get(s.tile).push(s.id);
    }
    // The views of a mover: ahead (the Boss) and behind, under both readings of 'ahead'.
    this.views = {};
    for (const by of BY) {
      this.views[`ahead|${by}`] = new Map(ordered.map((s) => [s.id, this.adjacent.get(s.id).filter((n) => this.isAhead(s.id, n, by))]));
      this.views[`behind|${by}`] = new Map(ordered.map((s) => [s.id, this.adjacent.get(s.id).filter((n) => this.isAhead(n, s.id, by))]));
    }
  }

  neighbours(space) { return this.adjacent.get(space); }

  // Moves between two spaces (breadth first), memoised per origin.
  distanceFrom(space) {
    let d = this.distances.get(space);
    if (d) return d;
    d = new Map([[space, 0]]);
    const queue = [space];
    for (let i = 0; i < queue.length; i++) {
      for (const n of this.adjacent.get(queue[i])) {
        if (!d.has(n)) { d.set(n, d.get(queue[i]) + 1); queue.push(n); }
      }
    }
    this.distances.set(space, d);
    return d;
  }

  // `to` is ahead of `from`: closer to the Escape Space, or (tile-order) on a later tile of the stack.
  isAhead(from, to, by) {
    if (by === 'tile-order') return this.spaces.get(to).tile > this.spaces.get(from).tile;
    return this.toEscape.get(to) < this.toEscape.get(from);
  }

  ahead(space, by) { return this.views[`ahead|${by}`].get(space); }

  behind(space, by) { return this.views[`behind|${by}`].get(space); }

  // The Monster and Trap spaces ahead of a space: they pull in a Raider who fails a Move roll.
  pulling(space, by) { return this.ahead(space, by).filter((s) => ['monster', 'trap'].includes(this.spaces.get(s).kind)); }

  tileSpaces(tile) { return this.byTile.get(tile) || []; }

  isEncounter(space) { return ENCOUNTER_KINDS.includes(this.spaces.get(space).kind); }
}

// ------------------------------------------------------------------------------------------------
// Actions: every decision and chance outcome, as canonical data

const ACTION_FIELDS = {
  'coin-toss': [['winner', 'int']],
  heads: [['heads', 'int']],
  'attack-roll': [['attacker', 'int'], ['defender', 'int']],
  move: [],
  prepare: [],
  rest: [],
  'use-portal': [],
  boost: [['audacity', 'int']],
  'move-to': [['space', 'str'], ['face', 'str'], ['audacity', 'int', 0]],
  stay: [],
  spend: [['audacity', 'int'], ['face', 'str', 'heads'], ['target', 'str', 'own']],
  place: [['space', 'str']],
};

function decodeAction(data) {
  if (!data || typeof data !== 'object' || Array.isArray(data) || typeof data.kind !== 'string') {
    throw new InvalidInput('an action is an object with a string kind');
  }
  const fields = ACTION_FIELDS[data.kind];
  if (!fields) throw new InvalidInput(`unknown action kind ${data.kind}`);
  const names = new Set(fields.map(([n]) => n));
  for (const key of Object.keys(data)) {
    if (key !== 'kind' && !names.has(key)) throw new InvalidInput(`${data.kind} has no field ${key}`);
  }
  const action = { kind: data.kind };
  for (const [name, type, dflt] of fields) {
    let value = data[name];
    if (value === undefined) {
      if (dflt === undefined) throw new InvalidInput(`${data.kind} needs ${name}`);
      value = dflt;
    }
    if (type === 'int' ? !Number.isInteger(value) : typeof value !== 'string') {
      throw new InvalidInput(`${data.kind}.${name} must be ${type === 'int' ? 'an integer' : 'a string'}`);
    }
    action[name] = value;
  }
  return action;
}

const act = (kind, fields = {}) => decodeAction({ kind, ...fields });
const key = (a) => [a.kind, ...ACTION_FIELDS[a.kind].map(([n]) => a[n])].join('|');
const contains = (actions, a) => { const k = key(a); return actions.some((b) => key(b) === k); };

// ------------------------------------------------------------------------------------------------
// The game

const STARTING_PENNIES = 6;
const STARTING_AUDACITY = 2;
const AUDACITY_NICKELS = 6;
const UNBOUNDED = 1000000;

const PLAYER_PHASES = ['action', 'boost', 'move-to', 'forced-move', 'spend', 'place', 'boss-choice'];
const DEFENDER_PHASES = ['attack-boost-defender', 'attack-defender'];
const BOOST_PHASES = ['boost', 'attack-boost-defender', 'attack-boost-attacker'];
const CHANCE_PHASES = { 'coin-toss': 'coin', roll: 'pennies', 'attack-roll': 'pennies' };

const killed = (raider) => raider.position === null;
const isFiveOrSix = (n) => n === 5 || n === 6;
const distanceToFiveOrSix = (n) => (isFiveOrSix(n) ? 0 : Math.min(Math.abs(n - 5), Math.abs(n - 6)));
const tailsOf = (roll) => roll.pennies - roll.heads;
const rolledFace = (roll, face) => (face === 'heads' ? roll.heads : tailsOf(roll));

// Effects that last (the model's `effects`): an Attack due, the Encounter rooms that pull a Raider in
// on a failed Move roll, what a Place decision is for, and the Boss's path and choice when the
// current player chooses where it goes.
const GAME_OVER_RULES = {
  escaped: 'raiders.object.game-ends-on-escape', sealed: 'raiders.boss.seals-tomb',
  killed: 'raiders.death.killed', 'grail-lost': 'raiders.ambiguity.grail-holder-killed',
};

function effect(name, rule, until, extra = {}) {
  return { name, rule, until, player: null, subject: null, value: null, items: [], ...extra };
}
const findEffect = (d, name) => d.effects.find((e) => e.name === name) || null;
const addEffect = (d, e) => { d.effects = [...d.effects, e]; };
const dropEffects = (d, ...names) => { d.effects = d.effects.filter((e) => !names.includes(e.name)); };
const pullersOf = (d) => (findEffect(d, 'pulled-by') || { items: [] }).items;
const placing = (d) => { const e = findEffect(d, 'place'); return e ? e.subject : null; };
const attackDue = (d) => findEffect(d, 'attack-due') !== null;

class Raiders {
  constructor(options, board, bugs = new Set()) {
    this.options = makeOptions(options);
    this.board = new Board(board, this.options.large_or_extra_large || 'one-rule');
    this.bugs = bugs;
  }

  read(name) { return read(this.options, name); }

  byReading(name, outcomes) { return byReading(this.options, name, outcomes); }

  // -- Tomb Set Up ------------------------------------------------------------------------------

  initialState() {
    // Both Raider Nickels on the Start space, 2 Audacity and 6 Pennies each; the Quarter on 8.
    const raider = { position: this.board.start, pennies: STARTING_PENNIES, audacity: STARTING_AUDACITY,
      portal_used: false, trapped: false, in_encounter: false, came_from: null, loses_next_turn: false };
    return { phase: 'coin-toss', current: 0, raiders: [raider, { ...raider }], grail: null,
      boss_track: this.bugs.has('boss-track-off-by-one') ? 9 : 8, boss: null, turns_in_round: 0,
      turn: 0, toss_winner: null, roll: null, attack: null, effects: [], winner: null, outcome: null };
  }

  coinToss(d, winner) {
    // The toss winner places the Start tile; the loser goes first and gains The Holy Grail.  "Grail
    // Player 3 / 5": the values after the gain, or the starting values (then 4 and 4 after it).
    const first = 1 - winner;
    d.toss_winner = winner;
    d.current = first;
    if (this.read('grail_player_labels') === 'starting-values') {
      d.raiders[first].audacity = 3;
      d.raiders[first].pennies = 5;
    }
    this.gainGrail(d, first);
  }

  // -- The Object of the Game: pennies, Audacity, the Grail ----------------------------------------

  // The most pennies a Raider may hold after a gain: six, less the Grail penny set aside.  Whether
  // the six is a cap at all is an open question, asked only when the gain would go past it.
  pennyCap(d, player, gain = 1) {
    const six = STARTING_PENNIES - (d.grail === player ? 1 : 0);
    if (d.raiders[player].pennies + gain <= six) return six;
    return this.read('penny_cap') === 'six' ? six : UNBOUNDED;
  }

  // Audacity Nickels left to take; whether the six Nickels run out is asked only when they could.
  audacitySupply(d, gain = 1) {
    const held = d.raiders.reduce((n, r) => n + Math.max(r.audacity, 0), 0);   // an Audacity owed holds no Nickel
    if (held + gain <= AUDACITY_NICKELS || this.read('audacity_cap') === 'no-cap') return UNBOUNDED;
    return AUDACITY_NICKELS - held;
  }

  gainAudacity(d, player, gain = 1) {
    const supply = this.audacitySupply(d, gain);
    d.raiders[player].audacity += Math.min(gain, Math.max(supply, 0));
  }

  loseAudacity(d, player, loss = 1) {
    // nobody loses Audacity they do not have; an Audacity owed (reading owed) stays owed
    const a = d.raiders[player].audacity;
    if (loss) d.raiders[player].audacity = a - Math.min(loss, Math.max(a, 0));
  }

  // A failed Monster room's 'lose 1 Audacity': with none held, nothing (nothing-lost) or owed (below zero).
  monsterFailAudacity(d, player) {
    const a = d.raiders[player].audacity;
    d.raiders[player].audacity = this.byReading('monster_fail_audacity',
      { 'nothing-lost': a - Math.min(1, Math.max(a, 0)), owed: a - 1 });
  }

  gainPenny(d, player) {
    const most = this.pennyCap(d, player);
    const r = d.raiders[player];
    r.pennies = Math.min(r.pennies + 1, Math.max(most, r.pennies));
  }

  losePenny(d, player) {
    d.raiders[player].pennies = Math.max(d.raiders[player].pennies - 1, 0);
    this.killedIfBroke(d, player);
  }

  killedIfBroke(d, player) {
    // "If at any time you lose all of your pennies, you are Killed".
    const r = d.raiders[player];
    if (killed(r) || r.pennies > 0) return;
    Object.assign(r, { position: null, trapped: false, in_encounter: false, came_from: null, loses_next_turn: false });
    if (d.grail === player) this.grailHolderKilled(d, player);
    if (d.raiders.every(killed) && d.outcome === null) Object.assign(d, { phase: 'over', outcome: 'killed', winner: null });
  }

  grailHolderKilled(d, player) {
    const other = 1 - player;
    d.grail = null;
    if (this.read('grail_holder_killed') === 'nobody-wins') {
      Object.assign(d, { phase: 'over', outcome: 'grail-lost', winner: null });
      return;
    }
    if (killed(d.raiders[other])) {
      Object.assign(d, { phase: 'over', outcome: 'killed', winner: null });
      return;
    }
    this.gainGrail(d, other);
  }

  gainGrail(d, player) {
    // "Anytime a player gains 'The Holy Grail' they immediately reduce the pennies they have by 1 and
    // they also gain 1 Audacity."
    let pennies = d.raiders[player].pennies - 1;
    if (pennies <= 0 && this.read('grail_gain_kills') === 'floor-one') pennies = Math.max(pennies, 1);
    const supply = this.audacitySupply(d);
    d.grail = player;
    const r = d.raiders[player];
    r.pennies = pennies;
    r.audacity += Math.min(1, Math.max(supply, 0));
    this.killedIfBroke(d, player);
  }

  // -- Raider Actions: Move, Audacity, Prepare, Rest ----------------------------------------------

  isNaturalSix(roll) {
    // "all 6 pennies are Heads or Tails".
    if (roll.heads === null || (roll.heads !== 0 && roll.heads !== roll.pennies)) return false;
    if (this.bugs.has('natural-six-on-five') && roll.pennies === 5) return true;
    if (roll.pennies <= 0) return false;
    if (roll.pennies === 6 && !roll.extra) return true; // six of the Raider's own: under every reading
    const reading = this.read('natural_six');
    if (reading === 'own-pennies') return false; // temporary pennies added, or not six
    return roll.pennies === 6 || reading === 'all-pennies';
  }

  colourOf(space) { return this.options.special_tiles ? space.colour : 'plain'; }

  // Entered without a number: an Encounter room, or a Start/Escape space printed without one.
  isFreeEntry(space) {
    return ENCOUNTER_KINDS.includes(space.kind)
      || (space.number === null && this.read('start_escape_numbers') === 'any-roll');
  }

  // The rule a move after the Move roll breaks, or null when it is open.  `numbered` (whether some
  // adjacent numbered room matches the roll) is worked out only when a reading needs it.
  moveRule(d, move, numbered = null) {
    const { board, options } = this;
    const raider = d.raiders[d.current];
    const roll = d.roll;
    const here = raider.position;
    if (!board.spaces.has(move.space) || !board.neighbours(here).includes(move.space)) return 'raiders.move.any-direction';
    const space = board.spaces.get(move.space);
    const colour = this.colourOf(space);
    const encounter = ENCOUNTER_KINDS.includes(space.kind);
    if (move.audacity < 0 || move.audacity > raider.audacity) return 'raiders.audacity.alter-roll';
    // A roll boosted with Audacity (Audacity Advanced) does not enter a Black tile, under one reading.
    if (colour === 'black' && roll.extra && this.read('black_tile_boosted_roll') === 'no-boosted-entry') {
      return 'raiders.advanced.black-any-face';
    }
    if (move.face === 'natural') {
      if (!this.isNaturalSix(roll) || move.audacity) return 'raiders.move.natural-six';
      if (colour === 'yellow-red' && roll.heads === 0 && this.read('natural_six_yellow_red') === 'heads-only') {
        return 'raiders.advanced.yellow-red-heads-only';
      }
      return null;
    }
    if (move.face === 'free') {
      if (!this.isFreeEntry(space) || move.audacity) return encounter ? 'raiders.move.encounter-rooms' : 'raiders.move.number-match';
      if (space.kind === 'portal' && raider.portal_used && this.read('portal_second_visit') === 'no-entry') {
        return 'raiders.portal.once-per-game';
      }
      if (encounter && colour === 'yellow-red' && this.read('yellow_red_encounter_rooms') === 'by-heads') {
        return 'raiders.advanced.yellow-red-heads-only';
      }
      if (this.read('encounter_free_entry') === 'successful-roll') {
        if (numbered === null) numbered = this.hasNumberedMatch(d);
        if (!numbered) return 'raiders.encounter.optional-entry'; // 'If you do not fail your Move roll, ...'
      }
      return null;
    }
    if (move.face !== 'heads' && move.face !== 'tails') return 'raiders.move.number-match';
    if (colour === 'yellow-red' && move.face === 'tails') return 'raiders.advanced.yellow-red-heads-only';
    if (encounter) {
      // Only a Yellow/Red tile's Encounter room, under the by-heads reading, is entered by a number.
      if (colour === 'yellow-red' && move.face === 'heads' && !move.audacity
        && this.read('yellow_red_encounter_rooms') === 'by-heads') return null;
      return 'raiders.move.encounter-rooms';
    }
    if (space.number === null) return 'raiders.move.number-match';
    if (colour === 'black' && this.read('black_tile') === 'any-number') {
      return move.audacity === 0 ? null : 'raiders.advanced.black-any-face';
    }
    const need = Math.abs(space.number - rolledFace(roll, move.face)); // 1 Audacity per step, up or down
    if (colour === 'black') { // "Any face can be used! (But no Audacity may be used!)"
      if (move.audacity) return 'raiders.advanced.black-any-face';
      return need === 0 ? null : 'raiders.move.number-match'; // no Audacity used: the number misses
    }
    if (options.audacity_advanced && move.audacity) return 'raiders.advanced.audacity-advanced';
    if (move.audacity === need) return null;
    // Each discard 'may' alter the number by 1: under at-least-needed the ones beyond the need are lost.
    if (move.audacity > need && this.read('move_audacity') === 'at-least-needed') return null;
    return move.audacity ? 'raiders.audacity.alter-roll' : 'raiders.move.number-match';
  }

  // Every move worth asking moveRule about: per adjacent space the natural move, the free entry, and
  // Heads and Tails with the Audacity each needs.
  moveCandidates(d) {
    const board = this.board;
    const roll = d.roll;
    const out = [];
    const natural = this.isNaturalSix(roll);
    for (const sid of board.neighbours(d.raiders[d.current].position)) {
      const space = board.spaces.get(sid);
      if (natural) out.push(act('move-to', { space: sid, face: 'natural' }));
      if (this.isFreeEntry(space)) out.push(act('move-to', { space: sid, face: 'free' }));
      if (space.number !== null) {
        for (const face of ['heads', 'tails']) {
          out.push(act('move-to', { space: sid, face, audacity: Math.abs(rolledFace(roll, face) - space.number) }));
          if (this.colourOf(space) === 'black') out.push(act('move-to', { space: sid, face, audacity: 0 }));
        }
      } else if (ENCOUNTER_KINDS.includes(space.kind) && this.colourOf(space) === 'yellow-red') {
        out.push(act('move-to', { space: sid, face: 'heads' }));
      }
    }
    return out;
  }

  // The roll matches (as rolled or altered) some adjacent numbered room, or is a Natural 6.
  hasNumberedMatch(d, candidates = null) {
    const spaces = this.board.spaces;
    return (candidates || this.moveCandidates(d)).some((m) => (m.face === 'natural'
      || (['heads', 'tails'].includes(m.face) && spaces.get(m.space).number !== null))
      && this.moveRule(d, m, true) === null);
  }

  moveOptions(d) {
    const candidates = this.moveCandidates(d);
    const numbered = this.hasNumberedMatch(d, candidates);
    const seen = new Set();
    const out = [];
    for (const m of candidates) {
      const k = key(m);
      if (!seen.has(k) && this.moveRule(d, m, numbered) === null) {
        seen.add(k);
        out.push(m);
      }
    }
    // More Audacity than a move by a number needs (raiders.ambiguity.move-audacity-beyond-need).
    const held = d.raiders[d.current].audacity;
    for (const m of [...out]) {
      if (!['heads', 'tails'].includes(m.face) || m.audacity >= held) continue;
      for (let k = m.audacity + 1; k <= held; k++) {
        const more = act('move-to', { space: m.space, face: m.face, audacity: k });
        if (this.moveRule(d, more, numbered) !== null) break;
        if (!seen.has(key(more))) { seen.add(key(more)); out.push(more); }
      }
    }
    return out;
  }

  hasMatch(d) { return this.hasNumberedMatch(d); }

  hasLostPenny(d, player) {
    // Re-gain 1 lost Penny (never the penny lost for gaining the Grail).
    const limit = this.bugs.has('rest-regains-grail-penny') ? STARTING_PENNIES
      : STARTING_PENNIES - (d.grail === player ? 1 : 0);
    return d.raiders[player].pennies < limit;
  }

  canRest(d, player) {
    // With no Penny to re-gain, Rest skips the turn for nothing under skip-turn.
    return this.hasLostPenny(d, player) || this.read('rest_without_lost_penny') === 'skip-turn';
  }

  rest(d) {
    if (!this.hasLostPenny(d, d.current)) return;
    if (this.bugs.has('rest-regains-grail-penny')) {
      const r = d.raiders[d.current];
      r.pennies = Math.min(r.pennies + 1, STARTING_PENNIES);
      return;
    }
    this.gainPenny(d, d.current);
  }

  // -- Attack Player ------------------------------------------------------------------------------

  isAttackWon(attackerHeads, defenderHeads) {
    // More Heads wins; ties go to the Defender.
    if (this.bugs.has('ties-to-attacker')) return attackerHeads >= defenderHeads;
    return attackerHeads > defenderHeads;
  }

  isAttackDue(d, player) {
    const holder = d.grail;
    if (holder === null || holder === player) return false;
    const me = d.raiders[player];
    const them = d.raiders[holder];
    if (killed(me) || killed(them) || me.position !== them.position) return false;
    return !(me.position === this.board.start && this.read('shared_start_space') === 'start-exempt');
  }

  attackResult(d, won) {
    const attack = d.attack;
    d.attack = null;
    if (!won) return;
    const defender = d.raiders[attack.defender];
    if (!this.bugs.has('grail-penny-kept')) defender.pennies += 1;
    defender.loses_next_turn = true;
    d.grail = null;
    this.gainGrail(d, attack.attacker);
    this.killedIfBroke(d, attack.attacker);
  }

  // -- The Boss Monster ---------------------------------------------------------------------------

  roundEnd(d) {
    if (d.boss_track === 0) return;
    d.boss_track = Math.max(d.boss_track - 1, 0);
    if (d.boss_track === 0) {
      d.boss = this.board.start;
      // Spawning on the Start space traps whoever stands there, under one reading.
      if (this.read('spawn_traps') === 'spawn-traps') this.trap(d, this.board.start);
    }
  }

  trap(d, space) {
    for (const r of d.raiders) if (r.position === space && !killed(r) && !r.trapped) r.trapped = true;
  }

  bossNumbers(d) {
    const roll = d.roll;
    if (roll === null || roll.heads === null) return new Set();
    const tails = tailsOf(roll);
    if (roll.purpose !== 'move' || roll.face === null || roll.face === 'free') return new Set([roll.heads, tails]);
    if (roll.face === 'natural') return new Set([0]);
    let chosen = roll.face === 'heads' ? roll.heads : tails;
    if (roll.number !== null && roll.number !== chosen && this.read('boss_number') === 'altered-roll') chosen = roll.number;
    return new Set([roll.pennies - chosen]); // the opposite number
  }

  // Next to the Escape space, or to the Escape tile: asked only where the two differ.
  isNextToEscape(space) {
    const board = this.board;
    const bySpace = board.neighbours(space).includes(board.escape);
    const escapeTile = board.spaces.get(board.escape).tile;
    const byTile = board.neighbours(space).some((s) => board.spaces.get(s).tile === escapeTile);
    if (bySpace === byTile) return bySpace;
    return this.read('escape_tile_or_space') === 'escape-space' ? bySpace : byTile;
  }

  ahead(space) { return this.byReading('ahead_behind', Object.fromEntries(BY.map((by) => [by, this.board.ahead(space, by)]))); }

  // Moves from a space to the closest living Raider.
  nearness(d, space) {
    const dist = this.board.distanceFrom(space);
    const living = d.raiders.filter((r) => !killed(r));
    if (!living.length) return 0;
    return Math.min(...living.map((r) => (dist.has(r.position) ? dist.get(r.position) : UNBOUNDED)));
  }

  // Where the Boss may move first: ahead, onto an Encounter room or a space with one of its numbers,
  // nearest the closest Raider (every one as near, in board order).
  firstSteps(d) {
    const board = this.board;
    const numbers = this.bossNumbers(d);
    const candidates = this.ahead(d.boss).filter((s) => s !== board.escape
      && (board.isEncounter(s) || numbers.has(board.spaces.get(s).number)));
    if (!candidates.length) return [];
    const best = Math.min(...candidates.map((s) => this.nearness(d, s)));
    if (best >= this.nearness(d, d.boss) && this.read('boss_no_nearer_step') === 'stays') return [];
    return candidates.filter((s) => this.nearness(d, s) === best);
  }

  // The Encounter rooms ahead of the end of the Boss's path, which pull it on (none: it stops).
  nextRooms(d, path) {
    const board = this.board;
    const last = path[path.length - 1];
    const ahead = this.ahead(last).filter((s) => board.isEncounter(s) && !path.includes(s));
    const around = board.neighbours(last).filter((s) => board.isEncounter(s) && !path.includes(s));
    const rooms = this.byReading('boss_encounter_chain', { 'chain-ahead': ahead, 'one-room': ahead,
      'chain-any-direction': around }); // 'and any other adjacent Encounter rooms'
    if (rooms.length && path.length > 2 && board.isEncounter(last) && this.read('boss_encounter_chain') === 'one-room') return [];
    return rooms;
  }

  // The Boss's move after the turn's roll; false when the current player must choose where it goes.
  bossMove(d) {
    if (this.isNextToEscape(d.boss)) {
      Object.assign(d, { boss: this.board.escape, phase: 'over', outcome: 'sealed', winner: null });
      return true;
    }
    return this.bossContinue(d, [d.boss], this.firstSteps(d));
  }

  bossChoice(d, space) {
    const e = findEffect(d, 'boss-path');
    const path = e ? [...e.items, space] : [d.boss, space];
    dropEffects(d, 'boss-path', 'boss-choice');
    return this.bossContinue(d, path, this.nextRooms(d, path));
  }

  bossChoices(d) { const e = findEffect(d, 'boss-choice'); return e ? e.items : []; }

  bossContinue(d, path, options) {
    while (options.length) {
      const reading = options.length > 1 ? this.read('boss_tie_break') : 'board-order';
      if (reading !== 'board-order') {
        // the other player chooses under other-player-chooses, unless their Raider is Killed
        const other = 1 - d.current;
        const chooser = reading === 'other-player-chooses' && !killed(d.raiders[other]) ? other : d.current;
        const rule = path.length === 1 ? 'raiders.boss.always-ahead' : 'raiders.boss.encounter-pull';
        dropEffects(d, 'boss-path', 'boss-choice');
        addEffect(d, effect('boss-path', rule, 'resolved', { items: [...path] }));
        addEffect(d, effect('boss-choice', rule, 'resolved', { player: chooser, items: [...options] }));
        d.phase = 'boss-choice';
        return false;
      }
      path = [...path, options[0]];
      options = this.nextRooms(d, path);
    }
    for (const space of path.slice(1)) this.trap(d, space);
    d.boss = path[path.length - 1];
    return true;
  }

  // -- Encounters: Monster, Trap, Portal ----------------------------------------------------------

  pullers(d, player) {
    const here = d.raiders[player].position;
    if (here === null) return [];
    return this.byReading('ahead_behind', Object.fromEntries(BY.map((by) => [by, this.board.pulling(here, by)])));
  }

  facesForFiveOrSix() { return this.read('five_or_six') === 'heads-only' ? ['heads'] : ['heads', 'tails']; }

  passesUnaltered(roll) {
    if (isFiveOrSix(roll.heads)) return true;
    // Only the Tails number could pass: now the reading of "a 5 or 6" decides.
    return isFiveOrSix(tailsOf(roll)) && this.facesForFiveOrSix().includes('tails');
  }

  // In a Black tile room, under one reading, no Audacity alters this roll either.
  noAudacityHere(d) {
    const here = d.raiders[d.current].position;
    return here !== null && this.colourOf(this.board.spaces.get(here)) === 'black'
      && this.read('black_tile_encounter_audacity') === 'every-roll';
  }

  // The rule a spend on a 5-or-6 roll breaks, or null.  Spend(0) on either number declines.
  spendRule(d, spend) {
    if ((spend.face !== 'heads' && spend.face !== 'tails') || spend.target !== 'own') return 'raiders.audacity.alter-roll';
    if (spend.audacity === 0) return null;
    if (spend.audacity < 0 || spend.audacity > d.raiders[d.current].audacity) return 'raiders.audacity.alter-roll';
    if (this.noAudacityHere(d)) return 'raiders.advanced.black-any-face';
    if (spend.face === 'tails' && !this.facesForFiveOrSix().includes('tails')) {
      // the rule that asks a 5 or 6 of this roll
      return { portal: 'raiders.portal.use-on-five-or-six', escape: 'raiders.boss.escape-roll' }[d.roll.purpose]
        || 'raiders.encounter.pass-on-five-or-six';
    }
    if (this.read('useless_audacity') === 'refused') {
      const n = rolledFace(d.roll, spend.face);
      if (!(isFiveOrSix(n + spend.audacity) || isFiveOrSix(n - spend.audacity))) return 'raiders.audacity.alter-roll';
    }
    return null;
  }

  // The roll passes when its number is within the Audacity spent of a 5 or 6.
  spendPasses(d, spend) {
    if (spend.audacity === 0) return false;
    return distanceToFiveOrSix(rolledFace(d.roll, spend.face)) <= spend.audacity;
  }

  spendOptions(d) {
    const out = [act('spend', { audacity: 0, face: 'heads' }), act('spend', { audacity: 0, face: 'tails' })];
    const audacity = d.raiders[d.current].audacity;
    if (audacity === 0 || this.noAudacityHere(d)) return out;
    for (const face of this.facesForFiveOrSix()) {
      for (let k = 1; k <= audacity; k++) {
        const candidate = act('spend', { audacity: k, face });
        if (this.spendRule(d, candidate) === null) out.push(candidate);
      }
    }
    return out;
  }

  offersASpend(d) { return this.spendOptions(d).length > 2; }

  canUsePortal(d, player) {
    const r = d.raiders[player];
    return r.position !== null && r.in_encounter && (!r.portal_used || this.bugs.has('portal-twice'))
      && this.board.spaces.get(r.position).kind === 'portal';
  }

  // "you may automatically move your character to any other room space marked Portal": any other
  // Portal, and under reading may-stay (raiders.ambiguity.portal-success-stay) the one stood in too.
  portalTargets(here) {
    const others = this.board.portals.filter((p) => p !== here);
    if (!others.length) return [];
    return this.read('portal_success_stay') === 'may-stay' ? [...others, here] : others;
  }

  // The spaces of the tile before (step -1) or after (+1) the current one adjacent to it; for a
  // malfunction the direction is the reading of raiders.ambiguity.back-one-full-tile.
  tileBack(here, step = null) {
    const board = this.board;
    const tile = board.spaces.get(here).tile;
    if (step === null) step = this.read('back_one_full_tile') === 'previous-tile-adjacent' ? -1 : 1;
    const current = new Set(board.tileSpaces(tile));
    return board.tileSpaces(tile + step).filter((s) => board.neighbours(s).some((n) => current.has(n)));
  }

  malfunctionTargets(here) {
    const spaces = this.tileBack(here);
    if (spaces.length) return spaces;
    return this.read('malfunction_first_tile') === 'start-space' ? [this.board.start] : [here];
  }

  byDirection(here, direction) {
    return this.byReading('ahead_behind', Object.fromEntries(BY.map((by) => [by,
      direction === 'ahead' ? this.board.ahead(here, by) : this.board.behind(here, by)])));
  }

  placeTargets(d) {
    const here = d.raiders[d.current].position;
    switch (placing(d)) {
      case 'ahead': {
        const adjacent = this.byDirection(here, 'ahead');
        const e = findEffect(d, 'place');
        if (!e || e.rule !== 'raiders.boss.escape-pass') return adjacent;
        // 'Move ahead (any space)': adjacent, or any space ahead in the Tomb
        const every = this.byReading('ahead_behind', Object.fromEntries(BY.map((by) => [by,
          [...this.board.spaces.keys()].filter((s) => this.board.isAhead(here, s, by))])));
        return this.byReading('escape_pass_space', { 'adjacent-ahead': adjacent, 'any-space-ahead': every });
      }
      case 'back': // the escape from the Boss failed: "Move back one tile"
        return this.byReading('back_one_tile', { 'one-space': this.byDirection(here, 'behind'),
          'one-card-tile': this.tileBack(here, -1) });
      case 'portal': return this.portalTargets(here);
      case 'malfunction': return this.malfunctionTargets(here);
      default: return [];
    }
  }

  // -- The turn -----------------------------------------------------------------------------------

  actingPlayer(state) {
    if (state.phase === 'boss-choice') return findEffect(state, 'boss-choice').player;
    if (PLAYER_PHASES.includes(state.phase)) return state.current;
    return DEFENDER_PHASES.includes(state.phase) ? state.attack.defender : state.attack.attacker;
  }

  pending(state) {
    const phase = state.phase;
    if (phase === 'over') return { kind: 'over', player: null };
    if (phase in CHANCE_PHASES) return { kind: 'chance', player: null, what: CHANCE_PHASES[phase] };
    return { kind: 'decision', player: this.actingPlayer(state), what: phase };
  }

  chanceOutcomes(state) {
    const out = [];
    if (state.phase === 'coin-toss') return [act('coin-toss', { winner: 0 }), act('coin-toss', { winner: 1 })];
    if (state.phase === 'roll') {
      for (let h = 0; h <= state.roll.pennies; h++) out.push(act('heads', { heads: h }));
    } else if (state.phase === 'attack-roll') {
      const a = state.attack;
      const na = state.raiders[a.attacker].pennies + a.attacker_extra;
      const nd = state.raiders[a.defender].pennies + a.defender_extra;
      for (let ha = 0; ha <= na; ha++) for (let hd = 0; hd <= nd; hd++) out.push(act('attack-roll', { attacker: ha, defender: hd }));
    }
    return out;
  }

  chanceRule(state, action) {
    // A second use-portal while its roll is pending: the Portal is once per game per player.
    if (action && action.kind === 'use-portal' && state.phase === 'roll'
      && state.raiders[state.current].portal_used) return 'raiders.portal.once-per-game';
    if (state.phase === 'coin-toss') return 'raiders.setup.coin-toss';
    if (state.phase === 'attack-roll') return 'raiders.attack.both-roll';
    return 'raiders.move.roll';
  }

  attackSpendRule(s, action, player) {
    if (action.kind !== 'spend' || action.audacity < 0
      || action.audacity > s.raiders[player].audacity) return 'raiders.attack.audacity-order';
    if (action.face !== 'heads') return 'raiders.attack.more-heads-wins'; // an Attack compares Heads
    if (action.target === 'own') return null;
    if (action.target === 'opponent' && action.audacity > 0
      && this.read('attack_audacity_target') === 'either-roll') return null;
    return 'raiders.audacity.alter-roll';
  }

  // The rule a decision breaks in state `s`, or null when it is open.
  decisionRule(s, action) {
    const phase = s.phase;
    const kind = action.kind;
    const me = s.current;
    // A use-portal by a Raider who has used or attempted one: once per game per player, at any point.
    if (kind === 'use-portal' && phase !== 'action' && s.raiders[this.actingPlayer(s)].portal_used) {
      return 'raiders.portal.once-per-game';
    }
    if (phase === 'action') {
      if (kind === 'move' || kind === 'prepare') return null;
      if (kind === 'rest') return this.canRest(s, me) ? null : 'raiders.rest.regain-penny';
      if (kind === 'use-portal') {
        if (this.canUsePortal(s, me)) return null;
        // A spent Portal: once per game per player; else no Portal room to use ('To "Use the Portal Room"').
        return s.raiders[me].portal_used ? 'raiders.portal.once-per-game' : 'raiders.portal.use-on-five-or-six';
      }
      return 'raiders.move.roll';
    }
    if (phase === 'move-to') {
      if (kind === 'stay') return null;
      if (kind === 'move-to') return this.moveRule(s, action);
      return 'raiders.move.number-match';
    }
    if (phase === 'spend') return kind === 'spend' ? this.spendRule(s, action) : 'raiders.audacity.alter-roll';
    if (BOOST_PHASES.includes(phase)) {
      const who = this.actingPlayer(s);
      const ok = kind === 'boost' && action.audacity >= 0 && action.audacity <= s.raiders[who].audacity;
      return ok ? null : 'raiders.advanced.audacity-advanced';
    }
    if (phase === 'attack-defender' || phase === 'attack-attacker') return this.attackSpendRule(s, action, this.actingPlayer(s));
    if (phase === 'forced-move') return kind === 'place' && pullersOf(s).includes(action.space) ? null : 'raiders.encounter.forced-move';
    if (phase === 'place') {
      if (kind === 'place' && this.placeTargets(s).includes(action.space)) return null;
      const e = findEffect(s, 'place');
      return e ? e.rule : 'raiders.move.any-direction';
    }
    if (phase === 'boss-choice') {
      if (kind === 'place' && this.bossChoices(s).includes(action.space)) return null;
      const e = findEffect(s, 'boss-choice');
      return e ? e.rule : 'raiders.boss.always-ahead';
    }
    return 'raiders.move.roll';
  }

  legalActions(state) {
    const phase = state.phase;
    const upTo = (n, make) => Array.from({ length: n + 1 }, (_, k) => make(k));
    if (phase === 'action') {
      const me = state.current;
      const acts = [act('move'), act('prepare')];
      if (this.canRest(state, me)) acts.push(act('rest'));
      if (this.canUsePortal(state, me)) acts.push(act('use-portal'));
      return acts;
    }
    if (BOOST_PHASES.includes(phase)) return upTo(state.raiders[this.actingPlayer(state)].audacity, (k) => act('boost', { audacity: k }));
    if (phase === 'move-to') return [...this.moveOptions(state), act('stay')];
    if (phase === 'forced-move') return pullersOf(state).map((s) => act('place', { space: s }));
    if (phase === 'spend') return this.spendOptions(state);
    if (phase === 'place') return this.placeTargets(state).map((s) => act('place', { space: s }));
    if (phase === 'boss-choice') return this.bossChoices(state).map((s) => act('place', { space: s }));
    if (phase === 'attack-defender' || phase === 'attack-attacker') {
      const audacity = state.raiders[this.actingPlayer(state)].audacity;
      const acts = upTo(audacity, (k) => act('spend', { audacity: k }));
      if (audacity && this.read('attack_audacity_target') === 'either-roll') {
        for (let k = 1; k <= audacity; k++) acts.push(act('spend', { audacity: k, target: 'opponent' }));
      }
      return acts;
    }
    return [];
  }

  // The state after an action; IllegalAction (with the rule) when the action breaks one.
  step(state, action) {
    const phase = state.phase;
    // A move after the game ends breaks the rule that ended it.
    require(phase !== 'over', GAME_OVER_RULES[state.outcome] || 'raiders.object.game-ends-on-escape',
            `the game is over (${state.outcome})`);
    if (phase in CHANCE_PHASES) {
      require(contains(this.chanceOutcomes(state), action), this.chanceRule(state, action),
        `${key(action)} is not a possible outcome of the ${CHANCE_PHASES[phase]} here`);
      const d = structuredClone(state);
      if (phase === 'coin-toss') {
        this.coinToss(d, action.winner);
        this.turnStart(d, d.current);
      } else if (phase === 'roll') this.applyRoll(d, action.heads);
      else this.attackRoll(d, action);
      return d;
    }
    const rule = this.decisionRule(state, action);
    if (rule !== null) throw new IllegalAction(rule, `${key(action)} is not open to player ${this.actingPlayer(state)} in phase ${phase}`);
    const d = structuredClone(state);
    switch (phase) {
      case 'action': this.actionChosen(d, action); break;
      case 'boost': this.boost(d, action); break;
      case 'move-to': if (action.kind === 'stay') this.stay(d); else this.moveTo(d, action); break;
      case 'forced-move': this.forced(d, action); break;
      case 'spend': this.spend(d, action); break;
      case 'place': this.place(d, action); break;
      case 'boss-choice': if (this.bossChoice(d, action.space)) this.afterBoss(d); break;
      case 'attack-boost-defender':
      case 'attack-boost-attacker': this.attackBoost(d, action); break;
      default: this.attackSpend(d, action);
    }
    return d;
  }

  placingFor(d, why, rule) {
    dropEffects(d, 'place');
    addEffect(d, effect('place', rule, 'resolved', { player: d.current, subject: why }));
    d.phase = 'place';
  }

  // The turn's start: a lost turn; then, in the order the reading gives, the escape from the Boss, an
  // Attack due, an Encounter to resolve.
  turnStart(d, player) {
    if (d.phase === 'over') return;
    Object.assign(d, { current: player, turn: d.turn + 1, roll: null, attack: null, effects: [], phase: 'action' });
    const raider = d.raiders[player];
    if (raider.loses_next_turn) {
      raider.loses_next_turn = false;
      this.roundCount(d);
      return;
    }
    const checks = [
      ['escape', raider.trapped],
      ['attack', this.isAttackDue(d, player)],
      ['encounter', raider.in_encounter && ['monster', 'trap'].includes(this.board.spaces.get(raider.position).kind)],
    ];
    const due = checks.filter(([, applies]) => applies).map(([what]) => what);
    if (due.length > 1) { // the rulebook gives no order: the reading does
      const order = this.read('turn_start_order').split('-');
      due.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    }
    const first = due.length ? due[0] : null;
    if (first === 'escape') this.beginRoll(d, 'escape');
    else if (first === 'attack') {
      addEffect(d, effect('attack-due', 'raiders.attack.on-turn-start', 'turn'));
      if (d.boss !== null) this.beginRoll(d, 'boss');
      else this.beginAttack(d);
    } else if (first === 'encounter') this.beginRoll(d, 'encounter');
    else {
      const pulled = this.pullers(d, player);
      if (pulled.length) addEffect(d, effect('pulled-by', 'raiders.encounter.forced-move', 'turn', { player, items: [...pulled] }));
    }
  }

  beginRoll(d, purpose) {
    const raider = d.raiders[d.current];
    d.roll = { purpose, pennies: raider.pennies, heads: null, extra: 0, face: null, number: null };
    const boost = this.options.audacity_advanced && purpose !== 'boss' && raider.audacity > 0
      && !(purpose !== 'move' && this.noAudacityHere(d));
    d.phase = boost ? 'boost' : 'roll';
  }

  boost(d, action) {
    this.loseAudacity(d, d.current, action.audacity);
    d.roll = { ...d.roll, pennies: d.roll.pennies + action.audacity, extra: action.audacity };
    d.phase = 'roll';
  }

  actionChosen(d, action) {
    if (action.kind === 'move') { this.beginRoll(d, 'move'); return; }
    if (action.kind === 'use-portal') {
      d.raiders[d.current].portal_used = true;
      this.beginRoll(d, 'portal');
      return;
    }
    if (action.kind === 'prepare') this.gainAudacity(d, d.current);
    else this.rest(d);
    // "If Boss Monster is Spawned, you must still roll for his movement."
    if (d.boss !== null) { this.beginRoll(d, 'boss'); return; }
    this.roundCount(d);
  }

  applyRoll(d, heads) {
    d.roll = { ...d.roll, heads };
    const roll = d.roll;
    if (roll.purpose === 'boss') { this.turnEnd(d); return; }
    if (roll.purpose === 'move') {
      if (this.isNaturalSix(roll)) this.gainAudacity(d, d.current);
      d.phase = 'move-to';
      return;
    }
    // A roll for a 5 or 6: an Encounter, the Portal, or the escape from the Boss.
    if (this.passesUnaltered(roll)) this.fiveOrSix(d, true);
    else if (!this.options.audacity_advanced && this.offersASpend(d)) d.phase = 'spend';
    else this.fiveOrSix(d, false);
  }

  spend(d, action) {
    const passed = this.spendPasses(d, action);
    this.loseAudacity(d, d.current, action.audacity);
    this.fiveOrSix(d, passed);
  }

  fiveOrSix(d, passed) {
    const me = d.current;
    const purpose = d.roll.purpose;
    const raider = d.raiders[me];
    const here = raider.position;
    if (purpose === 'portal') {
      raider.in_encounter = false;
      raider.came_from = null;
      if (passed && this.portalTargets(here).length) this.placingFor(d, 'portal', 'raiders.portal.success');
      else if (!passed) this.placingFor(d, 'malfunction', 'raiders.portal.malfunction');
      else this.turnEnd(d);
      return;
    }
    if (purpose === 'escape') {
      raider.trapped = false;
      if (passed) {
        this.gainAudacity(d, me);
        this.gainPenny(d, me);
        this.placeOrEnd(d, 'ahead', 'raiders.boss.escape-pass');
        return;
      }
      this.loseAudacity(d, me);
      this.losePenny(d, me);
      this.placeOrEnd(d, 'back', 'raiders.boss.escape-fail');
      return;
    }
    const kind = this.board.spaces.get(here).kind;
    const back = raider.came_from;
    raider.in_encounter = false;
    if (kind === 'monster') {
      if (passed) {
        this.gainAudacity(d, me);
        this.placeOrEnd(d, 'ahead', 'raiders.monster.pass');
        return;
      }
      this.monsterFailAudacity(d, me);
      if (back !== null) this.landing(d, me, back, here);
      this.turnEnd(d);
      return;
    }
    // A Trap: pass or fail, the Raider moves ahead.
    if (passed) this.gainPenny(d, me);
    else this.losePenny(d, me);
    this.placeOrEnd(d, 'ahead', passed ? 'raiders.trap.pass' : 'raiders.trap.fail');
  }

  placeOrEnd(d, why, rule) {
    if (d.phase === 'over' || killed(d.raiders[d.current])) { this.turnEnd(d); return; }
    this.placingFor(d, why, rule);
    if (this.placeTargets(d).length) return;
    dropEffects(d, 'place');
    const raider = d.raiders[d.current];
    // Nowhere to go back to: still on the Boss's space, trapped again under one reading.
    if (why === 'back' && raider.position === d.boss && this.read('trapped_after_fail') === 'still-trapped') raider.trapped = true;
    this.turnEnd(d);
  }

  place(d, action) {
    const me = d.current;
    const here = d.raiders[me].position;
    dropEffects(d, 'place');
    this.landing(d, me, action.space, here);
    this.turnEnd(d);
  }

  moveTo(d, action) {
    const me = d.current;
    const here = d.raiders[me].position;
    this.loseAudacity(d, me, action.audacity);
    d.roll = { ...d.roll, face: action.face, number: this.board.spaces.get(action.space).number };
    this.landing(d, me, action.space, here);
    this.entered(d);
  }

  stay(d) {
    const pulled = pullersOf(d);
    const failed = pulled.length > 0 && (!this.hasMatch(d) || this.read('failing_a_move_roll') === 'not-moving');
    if (!failed) { this.turnEnd(d); return; }
    if (pulled.length === 1) this.forced(d, act('place', { space: pulled[0] }));
    else if (this.read('forced_move_choice') === 'player-chooses') d.phase = 'forced-move';
    else { // nearest-escape: the one closest to Escape (the first in board order when they tie)
      const board = this.board;
      const rank = (s) => [board.toEscape.get(s), board.order.get(s)];
      let best = pulled[0];
      for (const s of pulled.slice(1)) {
        const [a, b] = [rank(s), rank(best)];
        if (a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])) best = s;
      }
      this.forced(d, act('place', { space: best }));
    }
  }

  forced(d, action) {
    const me = d.current;
    this.landing(d, me, action.space, d.raiders[me].position);
    this.entered(d);
  }

  // After the Move roll moved (or pulled) the Raider: the encounter roll at once under one reading of
  // raiders.ambiguity.encounter-roll-timing, else the turn's end.
  entered(d) {
    const raider = d.raiders[d.current];
    if (d.phase !== 'over' && raider.in_encounter && ['monster', 'trap'].includes(this.board.spaces.get(raider.position).kind)
      && this.read('encounter_roll_timing') === 'same-turn') {
      this.beginRoll(d, 'encounter');
      return;
    }
    this.turnEnd(d);
  }

  // The Raider arrives on a space: escaping, entering an Encounter room, or an Attack due.
  landing(d, player, space, from) {
    const kind = this.board.spaces.get(space).kind;
    const r = d.raiders[player];
    const encounter = kind === 'monster' || kind === 'trap'
      || (kind === 'portal' && (!r.portal_used || this.bugs.has('portal-twice')));
    Object.assign(r, { position: space, in_encounter: encounter, came_from: encounter ? from : null });
    if (kind === 'escape' && d.grail === player) {
      Object.assign(d, { phase: 'over', outcome: 'escaped', winner: player });
      return;
    }
    // A Raider who moves on to the Boss's room is Trapped under sharing-traps.
    if (space === d.boss && this.read('raider_onto_boss') === 'sharing-traps' && !r.trapped) r.trapped = true;
    if (this.isAttackDue(d, player) && !attackDue(d)) addEffect(d, effect('attack-due', 'raiders.attack.on-move', 'turn'));
  }

  beginAttack(d) {
    const holder = d.grail;
    const me = d.current;
    dropEffects(d, 'attack-due');
    if (!this.isAttackDue(d, me)) { this.roundCount(d); return; }
    d.attack = { attacker: me, defender: holder, attacker_extra: 0, defender_extra: 0, attacker_heads: null,
      defender_heads: null, defender_spent: null, defender_target: 'own' };
    d.phase = 'attack-roll';
    if (this.options.audacity_advanced && this.read('audacity_advanced_attack') === 'before-roll-defender-first') this.nextBoost(d);
  }

  nextBoost(d) {
    const a = d.attack;
    if (d.phase === 'attack-roll' && d.raiders[a.defender].audacity > 0 && a.defender_extra === 0) d.phase = 'attack-boost-defender';
    else if (['attack-roll', 'attack-boost-defender'].includes(d.phase) && d.raiders[a.attacker].audacity > 0) d.phase = 'attack-boost-attacker';
    else d.phase = 'attack-roll';
  }

  attackBoost(d, action) {
    const a = d.attack;
    if (d.phase === 'attack-boost-defender') {
      this.loseAudacity(d, a.defender, action.audacity);
      a.defender_extra = action.audacity;
      d.phase = d.raiders[a.attacker].audacity > 0 ? 'attack-boost-attacker' : 'attack-roll';
      return;
    }
    this.loseAudacity(d, a.attacker, action.audacity);
    a.attacker_extra = action.audacity;
    d.phase = 'attack-roll';
  }

  attackRoll(d, action) {
    const a = d.attack;
    a.attacker_heads = action.attacker;
    a.defender_heads = action.defender;
    const spendsAfter = !this.options.audacity_advanced
      || this.read('audacity_advanced_attack') === 'after-roll-as-standard';
    if (spendsAfter) {
      // The Defender spends Audacity first, then the Attacker.
      const first = this.bugs.has('audacity-order-reversed') ? a.attacker : a.defender;
      if (d.raiders[first].audacity > 0) {
        d.phase = first === a.defender ? 'attack-defender' : 'attack-attacker';
        if (first !== a.defender) a.defender_spent = 0;
        return;
      }
      if (d.raiders[a.attacker].audacity > 0) {
        d.phase = 'attack-attacker';
        a.defender_spent = 0;
        return;
      }
    }
    this.resolveAttack(d, { audacity: 0, target: 'own' }, { audacity: 0, target: 'own' });
  }

  attackSpend(d, action) {
    const a = d.attack;
    if (d.phase === 'attack-defender') {
      this.loseAudacity(d, a.defender, action.audacity);
      a.defender_spent = action.audacity;
      a.defender_target = action.target;
      if (d.raiders[a.attacker].audacity > 0) { d.phase = 'attack-attacker'; return; }
      this.resolveAttack(d, action, { audacity: 0, target: 'own' });
      return;
    }
    this.loseAudacity(d, a.attacker, action.audacity);
    this.resolveAttack(d, { audacity: a.defender_spent || 0, target: a.defender_target }, action);
  }

  // Each side's Heads after its own Audacity (and, under the either-roll reading, after the other's
  // lowering it, never below 0); the Attacker wins with more.
  resolveAttack(d, defender, attacker) {
    const a = d.attack;
    const raised = (spend) => (spend.target === 'own' ? spend.audacity : 0);
    const lowered = (spend) => (spend.target === 'opponent' ? spend.audacity : 0);
    const attackerHeads = Math.max(a.attacker_heads + raised(attacker) - lowered(defender), 0);
    const defenderHeads = Math.max(a.defender_heads + raised(defender) - lowered(attacker), 0);
    this.attackResult(d, this.isAttackWon(attackerHeads, defenderHeads));
    this.roundCount(d);
  }

  // After the Action and its roll: the Boss moves, then any Attack due, then the next turn.
  turnEnd(d) {
    if (d.phase === 'over') return;
    const rolled = d.boss !== null && d.roll !== null && d.roll.heads !== null;
    // A roll that Killed its Raider: the Boss still moves on it only under boss_after_a_kill = still-moves.
    if (killed(d.raiders[d.current]) && (!rolled || this.read('boss_after_a_kill') === 'no-move')) {
      this.roundCount(d);
      return;
    }
    if (rolled) {
      const done = this.bossMove(d);
      if (d.phase === 'over' || !done) return;
    }
    this.afterBoss(d);
  }

  afterBoss(d) {
    if (attackDue(d)) this.beginAttack(d);
    else this.roundCount(d);
  }

  // A round is over when every Raider still in the game has had a turn; then the Quarter moves down.
  roundCount(d) {
    if (d.phase === 'over') return;
    const living = d.raiders.filter((r) => !killed(r)).length;
    if (living === 0) { Object.assign(d, { phase: 'over', outcome: d.outcome || 'killed', winner: null }); return; }
    const turns = d.turns_in_round + 1;
    if (turns >= living) {
      d.turns_in_round = 0;
      this.roundEnd(d);
    } else d.turns_in_round = turns;
    let next = 1 - d.current;
    if (killed(d.raiders[next])) next = d.current;
    this.turnStart(d, next);
  }
}

const BUGS = ['ties-to-attacker', 'grail-penny-kept', 'boss-track-off-by-one', 'natural-six-on-five',
  'rest-regains-grail-penny', 'audacity-order-reversed', 'portal-twice'];

module.exports = { Raiders, Board, IllegalAction, Unspecified, InvalidInput, decodeAction, makeOptions, BUGS };
