"""The ``fruitbowl`` command: every subcommand is declared here and delegates to its module.

Seats are counted from 1 on the command line, as the board shows them. Any user error
(unknown game, bad option, bad seat, damaged save…) is printed as one ``error:`` line on
stderr with exit code 2 by :class:`~fruitbowl.cli.errors.OneLineErrorsGroup`.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from fruitbowl import __version__
from fruitbowl.engine import all_games, get_game
from fruitbowl.engine.wording import _, speaking
from fruitbowl.i18n import LANGUAGES, from_environment, negotiate, translations
from fruitbowl.sim import bench_game, simulate

from . import listing, reports, rules, session
from .campaign import campaign_app
from .crash import keeping, sigterm_like_ctrl_c
from .errors import CliError, OneLineErrorsGroup, speak_errors_in
from .paths import new_save_path
from .records import load_record
from .replay import ReplayViewer
from .setup import check_bots, check_options, player_count, setup_table, split_names

app = typer.Typer(
    cls=OneLineErrorsGroup,
    help="Play fruit board games in the terminal, and simulate, replay and benchmark them.",
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(campaign_app, name="campaign")

OptionPairs = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A game option as key=value; repeat for several (see 'fruitbowl games').",
    ),
]


def _print_version(wanted: bool) -> None:
    if wanted:
        typer.echo(f"fruitbowl {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="Show the version and exit."),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang", help="The language to play in: en, de or zh_Hans (default: the locale's, LANGUAGE/LANG)."
        ),
    ] = None,
) -> None:
    """Without a command, show the help rather than an error."""
    spoken = translations(_language(lang))
    speak_errors_in(spoken)
    ctx.with_resource(speaking(spoken))
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


def _language(asked: str | None) -> str:
    """The language of ``--lang``, else of the terminal's locale (English if it is none of ours)."""
    if asked is None:
        return from_environment(os.environ)
    chosen = negotiate([asked])
    if chosen == "en" and not asked.lower().startswith("en"):
        raise CliError(f"there is no language {asked!r}: fruitbowl speaks {', '.join(LANGUAGES)}")
    return chosen


def _console() -> Console:
    return Console(highlight=False)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game id, as 'fruitbowl games' lists them.")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players (default: 2, or one more than --bots).")
    ] = None,
    seat: Annotated[int, typer.Option("--seat", "-s", help="Your seat, counted from 1 (seat 1 = first in order).")] = 1,
    bots: Annotated[
        str | None,
        typer.Option("--bots", "-b", help="Bots for the other seats in order, e.g. random,random (default: random)."),
    ] = None,
    option: OptionPairs = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the shuffle and the die (default: random).")] = None,
    name: Annotated[str | None, typer.Option(help="Your name at the table (default: your login name).")] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Save file (default: $FRUITBOWL_HOME/saves/<game>-<time>.json); must not exist yet."),
    ] = None,
) -> None:
    """Play a game against bots. The game is saved after every move; 'quit' leaves, 'resume' continues."""
    setup = setup_table(game, players, seat, bots, option or [], seed, name)
    if save is not None and save.exists():
        raise CliError(
            _("{path} already exists; continue it with '{command}' or choose another file").format(
                path=save, command=f"fruitbowl resume {save}"
            )
        )
    save_path = save if save is not None else new_save_path(setup.game.id)
    session.play_new(setup, save_path, _console())


@app.command()
def learn(
    game: Annotated[str, typer.Argument(help="Game id, as 'fruitbowl games' lists them.")],
    module: Annotated[
        str | None,
        typer.Option("--module", "-m", help="A module of an expansion to learn (none: the game alone)."),
    ] = None,
    name: Annotated[str | None, typer.Option(help="Your name at the table (default: your login name).")] = None,
    restart: Annotated[
        bool, typer.Option("--restart", help="Start the tutorial afresh instead of resuming it.")
    ] = False,
) -> None:
    """A guided first game against bots on a prepared deal: the coach says what to do and why."""
    from .learn import learn as play_tutorial  # (imports the web table's coach only when asked)

    play_tutorial(game, module, name, restart, _console())


@app.command()
def resume(file: Annotated[Path, typer.Argument(help="A save file written by 'fruitbowl play'.")]) -> None:
    """Continue a saved game where it stopped (the same players and bots)."""
    session.resume(file, _console())


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(help="A save or record file (fruitbowl-record/1).")],
    seat: Annotated[
        int | None, typer.Option("--seat", "-s", help="Watch as this seat (from 1); default: as a spectator.")
    ] = None,
    all_moves: Annotated[
        bool, typer.Option("--all", help="Print the whole game at once instead of stepping with Enter.")
    ] = False,
) -> None:
    """Step through a recorded game as one seat saw it: Enter next, b back, q quit."""
    with keeping(record):
        viewer = ReplayViewer(load_record(record), seat, _console())
        if all_moves or not _stdin_is_terminal():
            viewer.print_all()
        else:
            viewer.interactive()


@app.command(name="review")
def review_command(
    record: Annotated[Path, typer.Argument(help="A save or record file of a finished or unfinished game.")],
    out: Annotated[Path | None, typer.Option(help="PNG to write (default: next to the record).")] = None,
    playouts: Annotated[
        int, typer.Option(help="Random playouts per seat and point (more: smoother; fewer: faster).", min=1)
    ] = 48,
    every: Annotated[
        int,
        typer.Option(
            help="Estimate after every Nth move only (plus the last): a quick look at a long game.",
            metavar="N",
            min=1,
        ),
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the chances as JSON too.")] = False,
) -> None:
    """Each seat's estimated chance to win after every move, drawn as a PNG with the turning points.

    The review plays random games from every move, which takes minutes for a long game of four
    players; '--every 10 --playouts 8' gives a coarser chart in seconds."""
    from fruitbowl.sim.review import plot, review

    loaded = load_record(record)
    png = out if out is not None else record.with_suffix(".review.png")
    console = Console(stderr=True)
    with console.status(_("Reviewing the game…")):
        result = review(loaded, playouts=playouts, every=every)
    plot(result, png, f"{get_game(loaded.game).title}: estimated chances to win")
    if as_json:
        print(json.dumps(result.to_json()))
        return
    reports.print_review(_console(), result, png)


@app.command(name="simulate")
@sigterm_like_ctrl_c
def simulate_command(
    game: Annotated[str, typer.Argument(help="Game id, as 'fruitbowl games' lists them.")],
    n: Annotated[int, typer.Option("-n", "--games", help="Number of games to play.")] = 100,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players per game (default: 2, or as many as --bots).")
    ] = None,
    option: OptionPairs = None,
    bots: Annotated[str | None, typer.Option("--bots", "-b", help="One bot per seat, e.g. random,random.")] = None,
    seed: Annotated[int, typer.Option(help="Base seed; every game's seed derives from it.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
) -> None:
    """Play many bot-only games and report wins (with 95% intervals) and mean scores per seat."""
    chosen = get_game(game)
    bot_list = split_names(bots)
    num_players = player_count(chosen, players, None if bot_list is None else len(bot_list), chosen.min_players)
    options = check_options(chosen, option or [], num_players)
    if bot_list is not None:
        check_bots(bot_list)
    if n < 1:
        raise CliError(f"-n must be at least 1; got {n}")
    finished = 0
    try:
        with reports.progress_bar() as progress:
            task = progress.add_task("simulating", total=n)

            def advance(_outcome: object) -> None:
                nonlocal finished
                finished += 1
                progress.advance(task)

            result = simulate(chosen.id, n, num_players, bot_list, options, seed, advance)
    except KeyboardInterrupt:
        raise reports.interrupted(f"simulate interrupted after {finished} of {n} games; nothing reported") from None
    if as_json:
        print(json.dumps(result.to_json()))
    else:
        reports.print_simulation(_console(), result)


RayOption = Annotated[
    str | None,
    typer.Option(
        "--ray",
        help="Play on Ray: a cluster address (ray://host:10001, auto) or 'local' (needs Ray: the 'study' extra).",
    ),
]
WorkersOption = Annotated[
    int | None,
    typer.Option("--workers", "-w", help="Local worker processes (default: every core; 1 plays in this process)."),
]


@app.command(name="tournament")
@sigterm_like_ctrl_c
def tournament_command(
    game: Annotated[str, typer.Argument(help="Game id, as 'fruitbowl games' lists them.")],
    bots: Annotated[str, typer.Option("--bots", "-b", help="The bots to rate, e.g. random,ismcts:easy,ismcts.")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players per game (default: the game's minimum).")
    ] = None,
    n: Annotated[
        int, typer.Option("-n", "--games", help="Games per table; seats rotate, so a multiple of --players is fair.")
    ] = 10,
    fmt: Annotated[
        str, typer.Option("--format", help="round-robin (every table of bots) or gauntlet (first bot vs each other).")
    ] = "round-robin",
    option: OptionPairs = None,
    seed: Annotated[int, typer.Option(help="Base seed; game i's seed derives from it and i.")] = 0,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Play each deal once per seat rotation, the same deals at every table, so luck cancels out "
            "(-n must be a multiple of --players).",
        ),
    ] = False,
    ray: RayOption = None,
    workers: WorkersOption = None,
    db: Annotated[
        str | None, typer.Option(help="Results database URL (default: SQLite tournaments.db in the data directory).")
    ] = None,
    records: Annotated[
        Path | None, typer.Option(help="Also write every stored game's record here, for 'fruitbowl replay'.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results and ratings as one JSON object.")] = False,
) -> None:
    """Rate bots against each other: seeded, seat-rotated games, stored and resumable (run it again to continue)."""
    from fruitbowl.sim.backends import make_backend
    from fruitbowl.sim.console import print_tournament
    from fruitbowl.sim.schedule import make_spec
    from fruitbowl.sim.tournament import export_records, run_tournament

    chosen = get_game(game)
    bot_list = split_names(bots) or []
    num_players = player_count(chosen, players, None, max(2, chosen.min_players))
    options = check_options(chosen, option or [], num_players)
    spec = make_spec(chosen.id, bot_list, num_players, n, fmt, options, seed, duplicate=duplicate)
    backend = make_backend(ray, workers)
    stored = [0, len(spec.tasks())]
    try:
        with reports.progress_bar() as progress:
            task = progress.add_task("playing", total=None)

            def advance(done: int, total: int) -> None:
                stored[:] = [done, total]
                progress.update(task, completed=done, total=total)

            result = run_tournament(spec, db, backend, advance)
    except KeyboardInterrupt:
        raise reports.interrupted(
            f"tournament interrupted: {stored[0]} of {stored[1]} games stored; rerun the command to continue"
        ) from None
    finally:
        backend.close()
    if records is not None:
        export_records(result.games, records)
    if as_json:
        print(json.dumps(result.to_json()))
    else:
        print_tournament(_console(), result)
        if records is not None:
            _console().print(f"records: {records} (fruitbowl replay {records}/<file> --all)")


@app.command(name="analyze")
@sigterm_like_ctrl_c
def analyze_command(
    game: Annotated[str, typer.Argument(help="Game id, as 'fruitbowl games' lists them.")],
    tournament: Annotated[
        str | None,
        typer.Option("--tournament", "-t", help="Report on a stored tournament (its id, an id prefix, or 'latest')."),
    ] = None,
    db: Annotated[
        str | None, typer.Option(help="Results database URL of --tournament (default: the data directory's).")
    ] = None,
    n: Annotated[int, typer.Option("-n", "--games", help="Without --tournament: games to simulate.")] = 200,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players per game (default: 2, or as many as --bots).")
    ] = None,
    bots: Annotated[
        str | None, typer.Option("--bots", "-b", help="One bot per seat (default: random everywhere).")
    ] = None,
    option: OptionPairs = None,
    seed: Annotated[int, typer.Option(help="Base seed of the simulated games (the same games as 'simulate').")] = 0,
    ray: RayOption = None,
    workers: WorkersOption = None,
    out: Annotated[
        Path | None, typer.Option(help="Folder for report.html and report.json (default: ./<game>-analysis).")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the report's data as JSON (files only with --out).")
    ] = False,
) -> None:
    """Balance report: seat advantage, scores, game length, and which actions and components go with winning."""
    from fruitbowl.sim.analyze import analyze
    from fruitbowl.sim.backends import make_backend
    from fruitbowl.sim.console import print_analysis
    from fruitbowl.sim.report import write_report
    from fruitbowl.sim.schedule import simulation_tasks
    from fruitbowl.sim.storage import Store
    from fruitbowl.sim.tournament import play_games

    chosen = get_game(game)
    if tournament is not None:
        store = Store(db)
        try:
            found = store.find(chosen.id, tournament)
            played = store.games(found["id"])
        finally:
            store.close()
        source = {"kind": "tournament", "tournament": found["id"], "db": store.url, **found["spec"]}
    else:
        bot_list = split_names(bots)
        num_players = player_count(chosen, players, None if bot_list is None else len(bot_list), chosen.min_players)
        options = check_options(chosen, option or [], num_players)
        tasks = simulation_tasks(chosen.id, n, num_players, bot_list, options, seed)
        backend = make_backend(ray, workers)
        finished = 0
        try:
            with reports.progress_bar() as progress:
                task = progress.add_task("simulating", total=len(tasks))

                def advance(done: int, _total: int) -> None:
                    nonlocal finished
                    finished = done
                    progress.update(task, completed=done)

                played = play_games(tasks, backend, advance)
        except KeyboardInterrupt:
            raise reports.interrupted(
                f"analyze interrupted after {finished} of {len(tasks)} games; no report written"
            ) from None
        finally:
            backend.close()
        source = {"kind": "simulation", "bots": list(tasks[0].seats), "options": options, "seed": seed, "games": n}
    data = analyze(chosen.id, played, source)
    folder = out if out is not None else (None if as_json else Path(f"{chosen.id}-analysis"))
    page = write_report(data, folder)[0] if folder is not None else None
    if as_json:
        print(json.dumps(data))
    else:
        print_analysis(_console(), data, str(page) if page is not None else None)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (127.0.0.1: this machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="Database URL (default: SQLite in the data directory; or postgresql://user@host/db)."),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds between bot moves, so people can follow them.", min=0)
    ] = 0.6,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trusted-proxy",
            help=(
                "Address or network (10.0.0.0/8) of a reverse proxy in front of the server whose "
                "X-Forwarded-For names the client; repeat for several. Default: none, so each "
                "client is its own connection's address (per-address limits use it)."
            ),
            metavar="IP",
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-origin",
            help=(
                "Another site (https://host[:port]) whose pages may open this server's WebSockets; "
                "repeat for several. Default: only the server's own pages."
            ),
            metavar="URL",
        ),
    ] = None,
) -> None:
    """Open the web table: play in the browser with friends and bots.

    Per-address limits (requests, new tables, invalid tokens) use the connection's address;
    behind a reverse proxy, name it with --trusted-proxy so that each client counts as itself.
    FRUITBOWL_RATE_LIMITS=off lifts the rate limits (load tests only; sizes still apply)."""
    import ipaddress

    from fruitbowl.server.run import serve as run_server

    proxies = trusted_proxy or []
    for proxy in proxies:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise typer.BadParameter(
                f"{proxy!r} is not an IP address or network (such as 127.0.0.1 or 10.0.0.0/8)",
                param_hint="--trusted-proxy",
            ) from None
    origins = allowed_origin or []
    for origin in origins:
        if not re.fullmatch(r"https?://[^/\s:]+(:\d{1,5})?/?", origin):
            raise typer.BadParameter(
                f"{origin!r} is not a site's origin (such as https://example.org or http://host:8080)",
                param_hint="--allowed-origin",
            )
    run_server(host, port, db, bot_delay, proxies, origins)


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False) -> None:
    """List the games: players, rules version and options with their defaults."""
    listing.print_games(_console(), as_json)


@app.command(name="rules")
def rules_command(
    game: Annotated[str, typer.Argument(help="Game id, as 'fruitbowl games' lists them.")],
    pager: Annotated[bool, typer.Option("--pager/--no-pager", help="Page the text in a terminal.")] = True,
) -> None:
    """How to play a game: its rules in words, its options and the engine's rulings."""
    rules.print_rules(_console(), game, pager)


@app.command()
@sigterm_like_ctrl_c
def bench(
    game_ids: Annotated[
        list[str] | None, typer.Argument(metavar="[GAME]...", help="Games to measure (default: all).")
    ] = None,
    seconds: Annotated[float, typer.Option(help="Length of each timed run, in seconds.")] = 2.0,
    runs: Annotated[int, typer.Option(help="Number of runs; the median is reported.")] = 3,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Players per game (default: 3).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Measure random-playout speed (actions and games per second) on one core; progress goes to stderr."""
    chosen = [get_game(g) for g in game_ids] if game_ids else all_games()
    if seconds <= 0 or runs < 1:
        raise CliError("--seconds must be positive and --runs at least 1")
    results = []
    try:
        with reports.progress_bar() as progress:
            task = progress.add_task("measuring", total=len(chosen) * runs)
            for measured_game in chosen:
                progress.update(task, description=f"measuring {measured_game.id}")

                def step(run: int, measured: dict[str, float], game_id: str = measured_game.id) -> None:
                    progress.advance(task)
                    if progress.disable and not as_json:  # no bar (stderr is no terminal): a line per run
                        print(reports.bench_step(game_id, run, runs, measured), file=sys.stderr, flush=True)

                results.append(bench_game(measured_game.id, seconds, runs, players, progress=step))
    except KeyboardInterrupt:
        raise reports.interrupted(f"bench interrupted after {len(results)} of {len(chosen)} games") from None
    if as_json:
        print(json.dumps({r.game: r.to_json() for r in results}))
    else:
        reports.print_bench(_console(), results, seconds, runs)


def _stdin_is_terminal() -> bool:
    return sys.stdin.isatty()


def main() -> None:
    """Entry point of the ``fruitbowl`` console script."""
    app()
