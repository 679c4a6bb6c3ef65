"""python -m hostkit"""

from .cli import main

main()
