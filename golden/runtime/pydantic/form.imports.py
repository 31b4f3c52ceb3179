import datetime as _dt
import re as _re
from collections.abc import Callable as _Callable
from fractions import Fraction as _Fraction
from typing import Annotated, Any, Literal

import pydantic as _pydantic
from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema as _SkipJsonSchema
