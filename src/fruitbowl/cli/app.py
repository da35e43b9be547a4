"""The ``fruitbowl`` command: every subcommand is declared here and delegates to its module.

Seats are counted from 1 on the command line, as the board shows them. Any user error
(unknown game, bad option, bad seat, damaged save…) is printed as one ``error:`` line on
stderr with exit code 2 by :class:`~fruitbowl.cli.errors.OneLineErrorsGroup`.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from fruitbowl import __version__
from fruitbowl.engine import all_games, get_game
from fruitbowl.engine.wording import N_, _, ngettext
from fruitbowl.sim import bench_game, simulate

from . import listing, reports, rules, session
from .campaign import campaign_app
from .crash import keeping, sigterm_like_ctrl_c
from .errors import CliError, OneLineErrorsGroup
from .paths import new_save_path
from .records import load_record
from .replay import ReplayViewer
from .setup import check_bots, check_options, player_count, setup_table, split_names

app = typer.Typer(
    cls=OneLineErrorsGroup,
    help=N_("Play fruit board games in the terminal, and simulate, replay and benchmark them."),
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
        help=N_("A game option as key=value; repeat for several (see 'fruitbowl games')."),
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
        typer.Option("--version", callback=_print_version, is_eager=True, help=N_("Show the version and exit.")),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang", help=N_("The language to play in: en, de or zh_Hans (default: the locale's, LANGUAGE/LANG).")
        ),
    ] = None,
) -> None:
    """Without a command, show the help rather than an error. (``--lang`` is read before Click
    parses the command line: :mod:`.language`.)"""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


def _console() -> Console:
    return Console(highlight=False)


@app.command(
    help=N_("Play a game against bots. The game is saved after every move; 'quit' leaves, 'resume' continues.")
)
def play(
    game: Annotated[str, typer.Argument(help=N_("Game id, as 'fruitbowl games' lists them."))],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help=N_("Number of players (default: 2, or one more than --bots)."))
    ] = None,
    seat: Annotated[
        int, typer.Option("--seat", "-s", help=N_("Your seat, counted from 1 (seat 1 = first in order)."))
    ] = 1,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots", "-b", help=N_("Bots for the other seats in order, e.g. random,random (default: random).")
        ),
    ] = None,
    option: OptionPairs = None,
    seed: Annotated[int | None, typer.Option(help=N_("Seed for the shuffle and the die (default: random)."))] = None,
    name: Annotated[str | None, typer.Option(help=N_("Your name at the table (default: your login name)."))] = None,
    save: Annotated[
        Path | None,
        typer.Option(help=N_("Save file (default: $FRUITBOWL_HOME/saves/<game>-<time>.json); must not exist yet.")),
    ] = None,
) -> None:
    setup = setup_table(game, players, seat, bots, option or [], seed, name)
    if save is not None and save.exists():
        raise CliError(
            _("{path} already exists; continue it with '{command}' or choose another file").format(
                path=save, command=f"fruitbowl resume {save}"
            )
        )
    save_path = save if save is not None else new_save_path(setup.game.id)
    session.play_new(setup, save_path, _console())


@app.command(help=N_("A guided first game against bots on a prepared deal: the coach says what to do and why."))
def learn(
    game: Annotated[str, typer.Argument(help=N_("Game id, as 'fruitbowl games' lists them."))],
    module: Annotated[
        str | None,
        typer.Option("--module", "-m", help=N_("A module of an expansion to learn (none: the game alone).")),
    ] = None,
    name: Annotated[str | None, typer.Option(help=N_("Your name at the table (default: your login name)."))] = None,
    restart: Annotated[
        bool, typer.Option("--restart", help=N_("Start the tutorial afresh instead of resuming it."))
    ] = False,
) -> None:
    from .learn import learn as play_tutorial  # (imports the web table's coach only when asked)

    play_tutorial(game, module, name, restart, _console())


@app.command(help=N_("Continue a saved game where it stopped (the same players and bots)."))
def resume(file: Annotated[Path, typer.Argument(help=N_("A save file written by 'fruitbowl play'."))]) -> None:
    session.resume(file, _console())


@app.command(help=N_("Step through a recorded game as one seat saw it: Enter next, b back, q quit."))
def replay(
    record: Annotated[Path, typer.Argument(help=N_("A save or record file (fruitbowl-record/1)."))],
    seat: Annotated[
        int | None, typer.Option("--seat", "-s", help=N_("Watch as this seat (from 1); default: as a spectator."))
    ] = None,
    all_moves: Annotated[
        bool, typer.Option("--all", help=N_("Print the whole game at once instead of stepping with Enter."))
    ] = False,
) -> None:
    with keeping(record):
        viewer = ReplayViewer(load_record(record), seat, _console())
        if all_moves or not _stdin_is_terminal():
            viewer.print_all()
        else:
            viewer.interactive()


@app.command(
    name="review",
    help=N_(
        "Each seat's estimated chance to win after every move, drawn as a PNG with the turning points.\n"
        "\n"
        "The review plays random games from every move, which takes minutes for a long game of four "
        "players; '--every 10 --playouts 8' gives a coarser chart in seconds."
    ),
)
def review_command(
    record: Annotated[Path, typer.Argument(help=N_("A save or record file of a finished or unfinished game."))],
    out: Annotated[Path | None, typer.Option(help=N_("PNG to write (default: next to the record)."))] = None,
    playouts: Annotated[
        int, typer.Option(help=N_("Random playouts per seat and point (more: smoother; fewer: faster)."), min=1)
    ] = 48,
    every: Annotated[
        int,
        typer.Option(
            help=N_("Estimate after every Nth move only (plus the last): a quick look at a long game."),
            metavar="N",
            min=1,
        ),
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the chances as JSON too."))] = False,
) -> None:
    from fruitbowl.sim.review import plot, review

    loaded = load_record(record)
    png = out if out is not None else record.with_suffix(".review.png")
    console = Console(stderr=True)
    with console.status(_("Reviewing the game…")):
        result = review(loaded, playouts=playouts, every=every)
    plot(result, png, _("{game}: estimated chances to win").format(game=_(get_game(loaded.game).title)))
    if as_json:
        print(json.dumps(result.to_json()))
        return
    reports.print_review(_console(), result, png)


@app.command(
    name="simulate", help=N_("Play many bot-only games and report wins (with 95% intervals) and mean scores per seat.")
)
@sigterm_like_ctrl_c
def simulate_command(
    game: Annotated[str, typer.Argument(help=N_("Game id, as 'fruitbowl games' lists them."))],
    n: Annotated[int, typer.Option("-n", "--games", help=N_("Number of games to play."))] = 100,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help=N_("Players per game (default: 2, or as many as --bots)."))
    ] = None,
    option: OptionPairs = None,
    bots: Annotated[str | None, typer.Option("--bots", "-b", help=N_("One bot per seat, e.g. random,random."))] = None,
    seed: Annotated[int, typer.Option(help=N_("Base seed; every game's seed derives from it."))] = 0,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print one JSON object instead of a table."))] = False,
) -> None:
    chosen = get_game(game)
    bot_list = split_names(bots)
    num_players = player_count(chosen, players, None if bot_list is None else len(bot_list), chosen.min_players)
    options = check_options(chosen, option or [], num_players)
    if bot_list is not None:
        check_bots(bot_list)
    if n < 1:
        raise CliError(_("-n must be at least 1; got {n}").format(n=n))
    finished = 0
    try:
        with reports.progress_bar() as progress:
            task = progress.add_task(_("simulating"), total=n)

            def advance(_outcome: object) -> None:
                nonlocal finished
                finished += 1
                progress.advance(task)

            result = simulate(chosen.id, n, num_players, bot_list, options, seed, advance)
    except KeyboardInterrupt:
        raise reports.interrupted(
            ngettext(
                "simulate interrupted after {finished} of {n} game; nothing reported",
                "simulate interrupted after {finished} of {n} games; nothing reported",
                n,
            ).format(finished=finished, n=n)
        ) from None
    if as_json:
        print(json.dumps(result.to_json()))
    else:
        reports.print_simulation(_console(), result)


RayOption = Annotated[
    str | None,
    typer.Option(
        "--ray",
        help=N_("Play on Ray: a cluster address (ray://host:10001, auto) or 'local' (needs Ray: the 'study' extra)."),
    ),
]
WorkersOption = Annotated[
    int | None,
    typer.Option("--workers", "-w", help=N_("Local worker processes (default: every core; 1 plays in this process).")),
]


@app.command(
    name="tournament",
    help=N_(
        "Rate bots against each other: seeded, seat-rotated games, stored and resumable (run it again to continue)."
    ),
)
@sigterm_like_ctrl_c
def tournament_command(
    game: Annotated[str, typer.Argument(help=N_("Game id, as 'fruitbowl games' lists them."))],
    bots: Annotated[str, typer.Option("--bots", "-b", help=N_("The bots to rate, e.g. random,ismcts:easy,ismcts."))],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help=N_("Players per game (default: the game's minimum)."))
    ] = None,
    n: Annotated[
        int,
        typer.Option("-n", "--games", help=N_("Games per table; seats rotate, so a multiple of --players is fair.")),
    ] = 10,
    fmt: Annotated[
        str,
        typer.Option("--format", help=N_("round-robin (every table of bots) or gauntlet (first bot vs each other).")),
    ] = "round-robin",
    option: OptionPairs = None,
    seed: Annotated[int, typer.Option(help=N_("Base seed; game i's seed derives from it and i."))] = 0,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help=N_(
                "Play each deal once per seat rotation, the same deals at every table, so luck cancels out "
                "(-n must be a multiple of --players)."
            ),
        ),
    ] = False,
    ray: RayOption = None,
    workers: WorkersOption = None,
    db: Annotated[
        str | None,
        typer.Option(help=N_("Results database URL (default: SQLite tournaments.db in the data directory).")),
    ] = None,
    records: Annotated[
        Path | None, typer.Option(help=N_("Also write every stored game's record here, for 'fruitbowl replay'."))
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print the results and ratings as one JSON object."))
    ] = False,
) -> None:
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
            task = progress.add_task(_("playing"), total=None)

            def advance(done: int, total: int) -> None:
                stored[:] = [done, total]
                progress.update(task, completed=done, total=total)

            result = run_tournament(spec, db, backend, advance)
    except KeyboardInterrupt:
        raise reports.interrupted(
            ngettext(
                "tournament interrupted: {stored} of {total} game stored; rerun the command to continue",
                "tournament interrupted: {stored} of {total} games stored; rerun the command to continue",
                stored[1],
            ).format(stored=stored[0], total=stored[1])
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
            _console().print(
                _("records: {folder} ({command})").format(
                    folder=records, command=f"fruitbowl replay {records}/<file> --all"
                )
            )


@app.command(
    name="analyze",
    help=N_("Balance report: seat advantage, scores, game length, and which actions and components go with winning."),
)
@sigterm_like_ctrl_c
def analyze_command(
    game: Annotated[str, typer.Argument(help=N_("Game id, as 'fruitbowl games' lists them."))],
    tournament: Annotated[
        str | None,
        typer.Option(
            "--tournament", "-t", help=N_("Report on a stored tournament (its id, an id prefix, or 'latest').")
        ),
    ] = None,
    db: Annotated[
        str | None, typer.Option(help=N_("Results database URL of --tournament (default: the data directory's)."))
    ] = None,
    n: Annotated[int, typer.Option("-n", "--games", help=N_("Without --tournament: games to simulate."))] = 200,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help=N_("Players per game (default: 2, or as many as --bots)."))
    ] = None,
    bots: Annotated[
        str | None, typer.Option("--bots", "-b", help=N_("One bot per seat (default: random everywhere)."))
    ] = None,
    option: OptionPairs = None,
    seed: Annotated[int, typer.Option(help=N_("Base seed of the simulated games (the same games as 'simulate')."))] = 0,
    ray: RayOption = None,
    workers: WorkersOption = None,
    out: Annotated[
        Path | None, typer.Option(help=N_("Folder for report.html and report.json (default: ./<game>-analysis)."))
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print the report's data as JSON (files only with --out)."))
    ] = False,
) -> None:
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
                task = progress.add_task(_("simulating"), total=len(tasks))

                def advance(done: int, _total: int) -> None:
                    nonlocal finished
                    finished = done
                    progress.update(task, completed=done)

                played = play_games(tasks, backend, advance)
        except KeyboardInterrupt:
            raise reports.interrupted(
                ngettext(
                    "analyze interrupted after {finished} of {n} game; no report written",
                    "analyze interrupted after {finished} of {n} games; no report written",
                    len(tasks),
                ).format(finished=finished, n=len(tasks))
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


@app.command(
    help=N_(
        "Open the web table: play in the browser with friends and bots.\n"
        "\n"
        "Per-address limits (requests, new tables, invalid tokens) use the connection's address; "
        "behind a reverse proxy, name it with --trusted-proxy so that each client counts as itself. "
        "FRUITBOWL_RATE_LIMITS=off lifts the rate limits (load tests only; sizes still apply)."
    )
)
def serve(
    host: Annotated[str, typer.Option(help=N_("Address to listen on (127.0.0.1: this machine only)."))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=N_("Port to listen on."), min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help=N_("Database URL (default: SQLite in the data directory; or postgresql://user@host/db).")),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help=N_("Seconds between bot moves, so people can follow them."), min=0)
    ] = 0.6,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trusted-proxy",
            help=(
                N_(
                    "Address or network (10.0.0.0/8) of a reverse proxy in front of the server whose "
                    "X-Forwarded-For names the client; repeat for several. Default: none, so each "
                    "client is its own connection's address (per-address limits use it)."
                )
            ),
            metavar="IP",
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-origin",
            help=(
                N_(
                    "Another site (https://host[:port]) whose pages may open this server's WebSockets; "
                    "repeat for several. Default: only the server's own pages."
                )
            ),
            metavar="URL",
        ),
    ] = None,
) -> None:
    import ipaddress

    from fruitbowl.server.run import serve as run_server

    proxies = trusted_proxy or []
    for proxy in proxies:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise typer.BadParameter(
                _("{proxy!r} is not an IP address or network (such as 127.0.0.1 or 10.0.0.0/8)").format(proxy=proxy),
                param_hint="--trusted-proxy",
            ) from None
    origins = allowed_origin or []
    for origin in origins:
        if not re.fullmatch(r"https?://[^/\s:]+(:\d{1,5})?/?", origin):
            raise typer.BadParameter(
                _("{origin!r} is not a site's origin (such as https://example.org or http://host:8080)").format(
                    origin=origin
                ),
                param_hint="--allowed-origin",
            )
    run_server(host, port, db, bot_delay, proxies, origins)


@app.command(help=N_("List the games: players, rules version and options with their defaults."))
def games(as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON instead of a table."))] = False) -> None:
    listing.print_games(_console(), as_json)


@app.command(name="rules", help=N_("How to play a game: its rules in words, its options and the engine's rulings."))
def rules_command(
    game: Annotated[str, typer.Argument(help=N_("Game id, as 'fruitbowl games' lists them."))],
    pager: Annotated[bool, typer.Option("--pager/--no-pager", help=N_("Page the text in a terminal."))] = True,
) -> None:
    rules.print_rules(_console(), game, pager)


@app.command(
    help=N_("Measure random-playout speed (actions and games per second) on one core; progress goes to stderr.")
)
@sigterm_like_ctrl_c
def bench(
    game_ids: Annotated[
        list[str] | None, typer.Argument(metavar="[GAME]...", help=N_("Games to measure (default: all)."))
    ] = None,
    seconds: Annotated[float, typer.Option(help=N_("Length of each timed run, in seconds."))] = 2.0,
    runs: Annotated[int, typer.Option(help=N_("Number of runs; the median is reported."))] = 3,
    players: Annotated[int | None, typer.Option("--players", "-p", help=N_("Players per game (default: 3)."))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON instead of a table."))] = False,
) -> None:
    chosen = [get_game(g) for g in game_ids] if game_ids else all_games()
    if seconds <= 0 or runs < 1:
        raise CliError(_("--seconds must be positive and --runs at least 1"))
    results = []
    try:
        with reports.progress_bar() as progress:
            task = progress.add_task(_("measuring"), total=len(chosen) * runs)
            for measured_game in chosen:
                progress.update(task, description=_("measuring {game}").format(game=measured_game.id))

                def step(run: int, measured: dict[str, float], game_id: str = measured_game.id) -> None:
                    progress.advance(task)
                    if progress.disable and not as_json:  # no bar (stderr is no terminal): a line per run
                        print(reports.bench_step(game_id, run, runs, measured), file=sys.stderr, flush=True)

                results.append(bench_game(measured_game.id, seconds, runs, players, progress=step))
    except KeyboardInterrupt:
        raise reports.interrupted(
            ngettext(
                "bench interrupted after {measured} of {n} game",
                "bench interrupted after {measured} of {n} games",
                len(chosen),
            ).format(measured=len(results), n=len(chosen))
        ) from None
    if as_json:
        print(json.dumps({r.game: r.to_json() for r in results}))
    else:
        reports.print_bench(_console(), results, seconds, runs)


def _stdin_is_terminal() -> bool:
    return sys.stdin.isatty()


def main() -> None:
    """Entry point of the ``fruitbowl`` console script."""
    app()
