from bot.engine.cli import main

raise SystemExit(main())
